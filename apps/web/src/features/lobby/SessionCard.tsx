import {
  type EventPageData,
  SESSION_STATUS_LABELS,
  sessionStatus,
  type VideoSessionSummary,
} from "@onstage/domain";
import { useId } from "react";
import { Link } from "wouter";
import { EventTime } from "../../lib/EventTime";
import { Badge } from "../../ui/Badge";
import "./lobby.css";

/**
 * One session: its title (the link), its time in the viewer's zone and its status: live, or ended with
 * its replay when recorded (issue 23 §3.1; 'Starting now' is the page's own session's, not a card's).
 */
export function SessionCard({
  data,
  session,
  nowMs,
  isCurrent = false,
}: {
  data: EventPageData;
  session: VideoSessionSummary;
  nowMs: number;
  isCurrent?: boolean;
}) {
  const titleId = useId();
  const path = `/c/${data.event.eventCode}/${session.urlHash}`;
  const status = sessionStatus(session, nowMs);
  return (
    <article className="session-card" aria-labelledby={titleId}>
      <Link
        id={titleId}
        className="session-card__title"
        to={path}
        aria-current={isCurrent ? "page" : undefined}
      >
        {session.title || data.event.title}
      </Link>
      <p className="session-card__time">
        <EventTime iso={session.timeScheduled} eventTimeZone={data.event.timezone} format="short" />
      </p>
      {status === "live" && <Badge tone="danger">{SESSION_STATUS_LABELS.live}</Badge>}
      {(status === "replay" || status === "thank_you") && <Badge>{SESSION_STATUS_LABELS.ended}</Badge>}
      {status === "replay" && (
        <Link className="session-card__replay" to={`${path}?replay`}>
          {SESSION_STATUS_LABELS.replay}
        </Link>
      )}
    </article>
  );
}
