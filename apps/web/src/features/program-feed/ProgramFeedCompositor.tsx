import type { RoomSession, SceneLayer, ViewerFlags } from "@onstage/domain";
import { Button } from "../../ui/Button";
import type { StageParticipant } from "../stage/types";
import type { FeedStatus } from "./sendProgramFeed";
import { type ProgramPublisher, useProgramFeed, useSendsProgramFeed } from "./useProgramFeed";
import "./program-feed.css";

export interface ProgramFeedCompositorProps {
  /** The program scene (useProgramScene) and the people whose pictures and sound it carries. */
  layers: readonly SceneLayer[];
  participants: readonly StageParticipant[];
  session: RoomSession;
  flags: ViewerFlags;
  /** The composing place's media-room connection: the program goes to real-time viewers too (issue 27). */
  publisher?: ProgramPublisher | null;
}

const STATUS_TEXT: Record<FeedStatus["phase"], string> = {
  connecting: "Connecting the program feed…",
  sending: "Sending the program feed",
  live: "Sending the program feed",
  reconnecting: "Reconnecting the program feed… viewers see a holding slate meanwhile.",
  replaced: "Replaced by another tab: the program feed is sent from there.",
  ended: "The program feed stopped: the session is no longer live.",
};

/**
 * Issue 11 §3: in a host's tab while the session is live, sends what the stage shows as the viewers'
 * program, and tells the host how that goes. Renders nothing for everyone else.
 */
export function ProgramFeedCompositor(props: ProgramFeedCompositorProps) {
  const { layers, participants, session, flags, publisher } = props;
  const isActive = useSendsProgramFeed({ session, flags, page: "studio" });
  const { status, takeOver } = useProgramFeed({
    layers,
    participants,
    sessionId: session.id,
    isActive,
    publisher,
  });
  if (!isActive || !status) return null;
  return (
    <div className="program-feed-status" role="status">
      <span>{STATUS_TEXT[status.phase]}</span>
      {status.error && status.phase === "reconnecting" && (
        <span className="program-feed-status__error">{status.error}</span>
      )}
      {(status.phase === "replaced" || status.phase === "reconnecting") && (
        <Button size="sm" variant="secondary" onClick={takeOver}>
          Send from this tab
        </Button>
      )}
    </div>
  );
}
