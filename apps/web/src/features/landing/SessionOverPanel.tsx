import { type EventPageData, SESSION_STATUS_LABELS } from "@onstage/domain";
import { useId } from "react";
import { Link } from "wouter";
import { ButtonLink } from "../../ui/Button";
import "./SidebarSections.css";

export interface SessionOverPanelProps {
  channel: EventPageData["event"]["organization"];
  hasRecording: boolean;
  /** The room's replay when this viewer may watch it there; null: the register button follows. */
  replayPath: string | null;
}

/**
 * Issue 23 §3.1: the landing page of a session that is over says so, with its replay when something
 * was recorded, else the room's thank-you (spec 2 §2 post-event screen), never a countdown or a calendar.
 */
export function SessionOverPanel({ channel, hasRecording, replayPath }: SessionOverPanelProps) {
  const headingId = useId();
  return (
    <section className="session-over" aria-labelledby={headingId}>
      <h2 id={headingId} className="session-over__title">
        {SESSION_STATUS_LABELS.over}
      </h2>
      {hasRecording ? (
        replayPath && (
          <ButtonLink to={replayPath} size="lg" fullWidth>
            {SESSION_STATUS_LABELS.replay}
          </ButtonLink>
        )
      ) : (
        <p className="session-over__thanks">
          {SESSION_STATUS_LABELS.thankYou}.{" "}
          <Link to={`/@${channel.channelName}`}>More from {channel.name}</Link>
        </p>
      )}
    </section>
  );
}
