import { type MediaRoomJoin, PROGRAM_PARTICIPANT_IDENTITY, REALTIME_PROGRAM_WAIT_MS } from "@onstage/domain";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { failureText } from "../../api";
import { reportError } from "../error-reporting/reportError";
import { usePlaybackQuality } from "../playback-quality/usePlaybackQuality";
import type { FreezeStats } from "../playback-quality/watchVideo";
import { useLivekitStage } from "../stage/livekit/useLivekitStage";
import { joinStage } from "../stage/stageApi";
import { useEmbeddedStage } from "../stage/useEmbeddedStage";
import { PlayerFrame } from "./PlayerFrame";

export interface RealtimeVideoProps {
  sessionId: number;
  eventId: number;
  userId: number;
  badges?: ReactNode;
  tools?: ReactNode;
  onPlaying?: () => void;
  /** No picture in time, refused, or taken out: the viewer watches over HLS instead (issue 27 §1). */
  onFailed: (reason: string) => void;
}

type FrameProps = Pick<RealtimeVideoProps, "sessionId" | "badges" | "tools" | "onPlaying" | "onFailed">;

/**
 * Issue 27 §1: the composed program over WebRTC from a viewer place in the media room (subscribe-only),
 * under a second of latency; the same picture the HLS audience sees, overlays included. The server says
 * which room: the embedded SFU, or LiveKit, where the place is a hidden participant that receives the
 * program participant alone.
 */
export function RealtimeVideo({ eventId, userId, ...frame }: RealtimeVideoProps) {
  const { sessionId } = frame;
  const [join, setJoin] = useState<MediaRoomJoin | null>(null);
  const [feed, setFeed] = useState<ProgramFeed>(NO_FEED);
  const failed = useRef(frame.onFailed);
  failed.current = frame.onFailed;
  useEffect(() => {
    let isCancelled = false;
    joinStage(sessionId, eventId, true).then(
      (answer) => isCancelled || setJoin(answer),
      (err: unknown) => isCancelled || failed.current(failureText(err)),
    );
    return () => {
      isCancelled = true;
    };
  }, [sessionId, eventId]);
  // One player for the whole visit, whichever room feeds it: a view from the join to its first frame.
  return (
    <>
      {join?.provider === "livekit" && <LivekitFeed join={join} onFeed={setFeed} />}
      {join?.provider === "embedded" && (
        <EmbeddedFeed sessionId={sessionId} userId={userId} onFeed={setFeed} />
      )}
      <ProgramVideo {...feed} {...frame} />
    </>
  );
}

/** What feeds the player: the program's tracks, why they failed, and (embedded SFU) their freezes. */
interface ProgramFeed {
  program: MediaStream | null;
  failure: string | null;
  freezes?: () => Promise<FreezeStats | null>;
}
const NO_FEED: ProgramFeed = { program: null, failure: null };

function useFeed(feed: ProgramFeed, onFeed: (feed: ProgramFeed) => void): null {
  const { program, failure, freezes } = feed;
  useEffect(() => onFeed({ program, failure, freezes }), [program, failure, freezes, onFeed]);
  return null;
}

function EmbeddedFeed({
  sessionId,
  userId,
  onFeed,
}: {
  sessionId: number;
  userId: number;
  onFeed: (feed: ProgramFeed) => void;
}) {
  const stage = useEmbeddedStage(sessionId, userId, { camera: null, view: true });
  const failure = stage.error ?? (stage.closed ? "The real-time stream ended." : null);
  const { controls } = stage;
  const freezes = useCallback(() => controls?.receivedFreezes() ?? Promise.resolve(null), [controls]);
  return useFeed({ program: stage.participants[0]?.media ?? null, failure, freezes }, onFeed);
}

function LivekitFeed({
  join,
  onFeed,
}: {
  join: Extract<MediaRoomJoin, { provider: "livekit" }>;
  onFeed: (feed: ProgramFeed) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const program = useLivekitStage(join, { only: PROGRAM_PARTICIPANT_IDENTITY, onError: setError });
  return useFeed({ program: program[0]?.media ?? null, failure: error }, onFeed);
}

/** The program's tracks on one video element, in the player's frame; a picture that never comes or stops fails. */
function ProgramVideo({
  program,
  failure,
  freezes,
  sessionId,
  badges,
  tools,
  onPlaying,
  onFailed,
}: ProgramFeed & FrameProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const reportQuality = usePlaybackQuality(videoRef, {
    sessionId,
    delivery: "webrtc",
    key: "program",
    freezes,
  });
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

  useEffect(() => {
    if (!failure) return;
    reportQuality("webrtc_failed", failure, true);
    reportError("player", failure, "webrtc_failed");
    failed.current(failure);
  }, [failure, reportQuality]);

  // A program that never shows (none published yet, an ICE path refused) is a failure too.
  useEffect(() => {
    const timer = setTimeout(() => {
      const video = videoRef.current;
      if (video && video.videoWidth > 0) return;
      reportQuality("webrtc_no_picture", "The real-time stream did not start.", true);
      reportError("player", "The real-time stream did not start.", "webrtc_no_picture");
      failed.current("The real-time stream did not start.");
    }, REALTIME_PROGRAM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [reportQuality]);

  // So is one that leaves the room and does not come back (its publisher gone, the room lost for good).
  const hasProgram = program !== null;
  useEffect(() => {
    if (hasProgram || !shown.current) return;
    const timer = setTimeout(() => failed.current("The real-time stream ended."), REALTIME_PROGRAM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [hasProgram]);

  return (
    <PlayerFrame videoRef={videoRef} label="Live video" badges={badges} tools={tools} onPlaying={onPlaying} />
  );
}
