import { isHostLevel, type SessionState, type StreamActiveState, type ViewerFlags } from "@onstage/domain";
import { useEffect, useRef, useState } from "react";
import type { StageParticipant } from "../stage/types";
import { composeProgramFeed, type ProgramFeed } from "./composeProgramFeed";
import type { ProgramBrand } from "./drawProgramFrame";
import { type FeedStatus, sendProgramFeed } from "./sendProgramFeed";

/** Stream states in which viewers are (about to be) watching the program. */
const SENDING_STATES: ReadonlySet<StreamActiveState> = new Set(["countdown", "recording", "streaming"]);

/** The host's tab sends the program while the session broadcasts a stream that is (going) on air. */
export function shouldSendProgramFeed(input: {
  flags: ViewerFlags;
  sessionState: SessionState;
  streamState: StreamActiveState | null;
}): boolean {
  return (
    isHostLevel(input.flags) &&
    input.sessionState === "broadcasting" &&
    input.streamState !== null &&
    SENDING_STATES.has(input.streamState)
  );
}

/**
 * Composes and sends the program feed while `isActive`. The server keeps one sender per session: the
 * newest connection wins and the older tab hears 'replaced' and stops; `takeOver` starts this tab again.
 */
export function useProgramFeed(input: {
  participants: readonly StageParticipant[];
  sessionId: number;
  brand: ProgramBrand;
  isActive: boolean;
}) {
  const { participants, sessionId, brand, isActive } = input;
  const [status, setStatus] = useState<FeedStatus | null>(null);
  const [generation, setGeneration] = useState(0);
  const feedRef = useRef<ProgramFeed | null>(null);
  const latest = useRef({ participants, brand });
  latest.current = { participants, brand };

  useEffect(() => {
    if (!isActive) {
      setStatus(null);
      return;
    }
    // generation: a take-over starts a fresh feed and connection.
    void generation;
    const feed = composeProgramFeed(latest.current.participants, latest.current.brand);
    feedRef.current = feed;
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
    };
  }, [isActive, sessionId, generation]);

  useEffect(() => {
    feedRef.current?.update(participants, brand);
  }, [participants, brand]);

  return { status, takeOver: () => setGeneration((n) => n + 1) };
}
