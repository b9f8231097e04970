import { MEDIA_ROOM_USER_CHOICES_STORAGE_KEY } from "@onstage/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../ui/Button";

// Issue 11 §2: before joining, the speaker picks a camera and a microphone and sees themselves; the
// choices are remembered on this browser.

/** Spec 3 §9: the choices, kept as LiveKit's components keep them (their key and field names). */
interface DeviceChoices {
  videoDeviceId?: string;
  audioDeviceId?: string;
}
type DeviceChoice = keyof DeviceChoices;

function remembered(choice: DeviceChoice): string {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(MEDIA_ROOM_USER_CHOICES_STORAGE_KEY) ?? "{}");
    const value =
      typeof stored === "object" && stored !== null ? (stored as DeviceChoices)[choice] : undefined;
    return typeof value === "string" ? value : "";
  } catch {
    // Storage off (private modes) or a damaged value: no choice remembered.
    return "";
  }
}

function remember(choice: DeviceChoice, value: string): void {
  try {
    const choices: DeviceChoices = {
      videoDeviceId: remembered("videoDeviceId"),
      audioDeviceId: remembered("audioDeviceId"),
      [choice]: value,
    };
    localStorage.setItem(MEDIA_ROOM_USER_CHOICES_STORAGE_KEY, JSON.stringify(choices));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export function DevicePreview({ onJoin }: { onJoin: (camera: MediaStream) => void }) {
  const [cameraId, setCameraId] = useState(() => remembered("videoDeviceId"));
  const [microphoneId, setMicrophoneId] = useState(() => remembered("audioDeviceId"));
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);
  const cameraLabel = useId();
  const microphoneLabel = useId();

  useEffect(() => {
    let current: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: cameraId ? { deviceId: { exact: cameraId } } : true,
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
      })
      .then(async (media) => {
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        current = media;
        setStream(media);
        setError(null);
        // Labels are only given once the page may use the devices.
        setDevices(await navigator.mediaDevices.enumerateDevices());
      })
      .catch(() =>
        setError("Your camera or microphone could not be opened. Check your browser's permissions."),
      );
    return () => {
      cancelled = true;
      if (!handedOver.current) for (const track of current?.getTracks() ?? []) track.stop();
    };
  }, [cameraId, microphoneId]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const choose =
    (choice: DeviceChoice, set: (id: string) => void) => (event: React.ChangeEvent<HTMLSelectElement>) => {
      remember(choice, event.target.value);
      set(event.target.value);
    };
  const cameras = devices.filter((d) => d.kind === "videoinput");
  const microphones = devices.filter((d) => d.kind === "audioinput");
  const currentCamera = stream?.getVideoTracks()[0]?.getSettings().deviceId ?? cameraId;
  const currentMicrophone = stream?.getAudioTracks()[0]?.getSettings().deviceId ?? microphoneId;

  return (
    <div className="device-preview">
      <video
        ref={video}
        className="device-preview__video"
        autoPlay
        playsInline
        muted
        aria-label="Your camera preview"
      />
      <div className="device-preview__choices">
        <label htmlFor={cameraLabel}>Camera</label>
        <select id={cameraLabel} value={currentCamera} onChange={choose("videoDeviceId", setCameraId)}>
          {cameras.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `Camera ${i + 1}`}
            </option>
          ))}
        </select>
        <label htmlFor={microphoneLabel}>Microphone</label>
        <select
          id={microphoneLabel}
          value={currentMicrophone}
          onChange={choose("audioDeviceId", setMicrophoneId)}
        >
          {microphones.map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || `Microphone ${i + 1}`}
            </option>
          ))}
        </select>
        {error && <p role="alert">{error}</p>}
        <Button
          disabled={!stream}
          onClick={() => {
            if (!stream) return;
            handedOver.current = true;
            onJoin(stream);
          }}
        >
          Join stage
        </Button>
      </div>
    </div>
  );
}
