import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { Link } from "wouter";
import { EventTime } from "../../lib/EventTime";
import { Badge } from "../../ui/Badge";
import "./lobby.css";

/** One session: its title (the link), its time in the viewer's zone and whether it is live. */
export function SessionCard({
  data,
  session,
  isCurrent = false,
}: {
  data: EventPageData;
  session: VideoSessionSummary;
  isCurrent?: boolean;
}) {
  return (
    <article className="session-card">
      <Link
        className="session-card__title"
        to={`/c/${data.event.eventCode}/${session.urlHash}`}
        aria-current={isCurrent ? "page" : undefined}
      >
        {session.title || data.event.title}
      </Link>
      <p className="session-card__time">
        <EventTime iso={session.timeScheduled} eventTimeZone={data.event.timezone} format="short" />
      </p>
      {session.state === "broadcasting" && <Badge tone="danger">LIVE</Badge>}
    </article>
  );
}
