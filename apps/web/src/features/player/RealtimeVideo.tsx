import { REALTIME_PROGRAM_WAIT_MS } from "@onstage/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import { PlayerFrame } from "./PlayerFrame";

export interface RealtimeVideoProps {
  sessionId: number;
  userId: number;
  badges?: ReactNode;
  tools?: ReactNode;
  onPlaying?: () => void;
  /** No picture in time, refused, or taken out: the viewer watches over HLS instead (issue 27 §1). */
  onFailed: (reason: string) => void;
}

/**
 * Issue 27 §1: the composed program over WebRTC from a viewer place in the media room (subscribe-only),
 * under a second of latency; the same picture the HLS audience sees, overlays included.
 */
export function RealtimeVideo({ sessionId, userId, badges, tools, onPlaying, onFailed }: RealtimeVideoProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const stage = useEmbeddedStage(sessionId, userId, { camera: null, view: true });
  const program = stage.participants[0]?.media ?? null;
  const failed = useRef(onFailed);
  failed.current = onFailed;

  // One stream on the element for its whole life: a new srcObject reloads it (paused until autoplay
  // plays again), so the program's tracks are swapped inside it, and kept while a renegotiation has none.
  // The new tracks go in before the old come out: a stream left without tracks, even for a moment, is
  // inactive, and the element ends (paused) on it.
  const shown = useRef<MediaStream | null>(null);
  useEffect(() => {
    const video = videoRef.current;
    const tracks = program?.getTracks() ?? [];
    if (!video || tracks.length === 0) return;
    shown.current ??= new MediaStream();
    const stream = shown.current;
    for (const track of tracks) if (!stream.getTracks().includes(track)) stream.addTrack(track);
    for (const track of stream.getTracks()) if (!tracks.includes(track)) stream.removeTrack(track);
    if (video.srcObject !== stream) video.srcObject = stream;
  });

  // A live picture has nothing to pause for (no controls): whatever paused it (the element's load when
  // its first tracks came, the browser's media policies) is answered by playing on.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const playOn = () => void video.play().catch(() => {});
    video.addEventListener("pause", playOn);
    return () => video.removeEventListener("pause", playOn);
  }, []);

  const failure = stage.error ?? (stage.closed ? "The real-time stream ended." : null);
  useEffect(() => {
    if (failure) failed.current(failure);
  }, [failure]);

  // A program that never shows (none published yet, an ICE path refused) is a failure too.
  useEffect(() => {
    const timer = setTimeout(() => {
      const video = videoRef.current;
      if (!video || video.videoWidth === 0) failed.current("The real-time stream did not start.");
    }, REALTIME_PROGRAM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <PlayerFrame videoRef={videoRef} label="Live video" badges={badges} tools={tools} onPlaying={onPlaying} />
  );
}
