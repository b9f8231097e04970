import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../ui/Button";

// Issue 11 §2: before joining, the speaker picks a camera and a microphone and sees themselves; the
// choices are remembered on this browser.

const CAMERA_KEY = "onstage.stage.camera";
const MICROPHONE_KEY = "onstage.stage.microphone";

function remembered(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export function DevicePreview({ onJoin }: { onJoin: (camera: MediaStream) => void }) {
  const [cameraId, setCameraId] = useState(() => remembered(CAMERA_KEY));
  const [microphoneId, setMicrophoneId] = useState(() => remembered(MICROPHONE_KEY));
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
    (key: string, set: (id: string) => void) => (event: React.ChangeEvent<HTMLSelectElement>) => {
      remember(key, event.target.value);
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
        <select id={cameraLabel} value={currentCamera} onChange={choose(CAMERA_KEY, setCameraId)}>
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
          onChange={choose(MICROPHONE_KEY, setMicrophoneId)}
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
