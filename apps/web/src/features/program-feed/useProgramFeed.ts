import {
  type BroadcastType,
  type CompositorMode,
  isHostLevel,
  type SceneLayer,
  type SessionState,
  type StreamActiveState,
  studioFeatureRefusal,
  type ViewerFlags,
} from "@onstage/domain";
import { useEffect, useRef, useState } from "react";
import { usePlayback } from "../player/playbackApi";
import type { StageParticipant } from "../stage/types";
import { composeProgramFeed, type ProgramFeed } from "./composeProgramFeed";
import { type FeedStatus, sendProgramFeed } from "./sendProgramFeed";

/** Stream states in which viewers are (about to be) watching the program. */
const SENDING_STATES: ReadonlySet<StreamActiveState> = new Set(["countdown", "recording", "streaming"]);

/** Which page composes in each mode (COMPOSITOR): a host's studio tab, or the server's recorder view. */
const COMPOSING_PAGE: Record<CompositorMode, "studio" | "recorder"> = {
  browser: "studio",
  server: "recorder",
};

/**
 * A host-level page sends the program while the session broadcasts a stream that is (going) on air,
 * when it is the mode's page (the mode comes with the playback: null until it is known). Never for an
 * RTMP broadcast (spec 3 §1): the encoder is the source there.
 */
export function shouldSendProgramFeed(input: {
  flags: ViewerFlags;
  broadcastType: BroadcastType;
  sessionState: SessionState;
  streamState: StreamActiveState | null;
  compositor: CompositorMode | null;
  page: ComposingPage;
}): boolean {
  return (
    studioFeatureRefusal(input.broadcastType, "program_feed") === null &&
    input.compositor !== null &&
    COMPOSING_PAGE[input.compositor] === input.page &&
    isHostLevel(input.flags) &&
    input.sessionState === "broadcasting" &&
    input.streamState !== null &&
    SENDING_STATES.has(input.streamState)
  );
}

type ComposingPage = (typeof COMPOSING_PAGE)[CompositorMode];

/** shouldSendProgramFeed for this page, with the stream and the mode from the session's playback. */
export function useSendsProgramFeed(input: {
  session: { id: number; state: SessionState; broadcastType: BroadcastType };
  flags: ViewerFlags;
  page: ComposingPage;
}): boolean {
  const { session, flags, page } = input;
  const playback = usePlayback(session.id, session.state === "broadcasting" && flags.canSeeGoLive);
  return shouldSendProgramFeed({
    flags,
    broadcastType: session.broadcastType,
    sessionState: session.state,
    streamState: playback.data?.stream?.activeState ?? null,
    compositor: playback.data?.compositor ?? null,
    page,
  });
}

export interface ProgramPublisher {
  publishProgram(stream: MediaStream): Promise<void>;
}

/**
 * Composes and sends the program feed while `isActive`. The server keeps one sender per session: the
 * newest connection wins and the older tab hears 'replaced' and stops; `takeOver` starts this tab again.
 */
export function useProgramFeed(input: {
  /** The program scene (useProgramScene). */
  layers: readonly SceneLayer[];
  participants: readonly StageParticipant[];
  sessionId: number;
  isActive: boolean;
  /** Issue 27: where the program also goes in real time (the composing place's media-room connection). */
  publisher?: ProgramPublisher | null;
}) {
  const { layers, participants, sessionId, isActive, publisher } = input;
  const [status, setStatus] = useState<FeedStatus | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [generation, setGeneration] = useState(0);
  const feedRef = useRef<ProgramFeed | null>(null);
  const latest = useRef({ layers, participants });
  latest.current = { layers, participants };

  useEffect(() => {
    if (!isActive) {
      setStatus(null);
      return;
    }
    // generation: a take-over starts a fresh feed and connection.
    void generation;
    const feed = composeProgramFeed(latest.current.layers, latest.current.participants);
    feedRef.current = feed;
    setStream(feed.stream);
    const stopSending = sendProgramFeed({
      stream: feed.stream,
      sessionId,
      onStatus: (next) => {
        setStatus(next);
        // Another tab sends, or the session is over: stop drawing too.
        if (next.phase === "replaced" || next.phase === "ended") feed.stop();
      },
    });
    return () => {
      stopSending();
      feed.stop();
      feedRef.current = null;
      setStream(null);
    };
  }, [isActive, sessionId, generation]);

  // The same picture and sound to the viewers who watch in real time (issue 27): what HLS carries.
  useEffect(() => {
    if (stream && publisher) void publisher.publishProgram(stream).catch(() => {});
  }, [stream, publisher]);

  useEffect(() => {
    feedRef.current?.update(layers, participants);
  }, [layers, participants]);

  return { status, takeOver: () => setGeneration((n) => n + 1) };
}
