import type { EventCard as EventCardData } from "@onstage/domain";
import { Link } from "wouter";
import { EventTime } from "../../lib/EventTime";
import { Badge } from "../../ui/Badge";
import { Card } from "../../ui/Card";
import { EventCover } from "./EventCover";
import "./events.css";

/** One link per card (the title, stretched over the card), so nothing interactive is nested. */
export function EventCard({ event }: { event: EventCardData }) {
  const start = event.nextSessionStartDate ?? event.firstSessionStartDate;
  return (
    <Card interactive className="event-card">
      <div className="event-card__media">
        <EventCover src={event.coverPhoto} className="event-card__cover" />
        {event.isLive && (
          <Badge tone="danger" className="event-card__live">
            Live
          </Badge>
        )}
      </div>
      <div className="event-card__body">
        {start && (
          <p className="event-card__date">
            <EventTime iso={start} eventTimeZone={event.timezone} format="short" />
          </p>
        )}
        <h3 className="event-card__title">
          <Link to={`/c/${encodeURIComponent(event.eventCode)}`} className="event-card__link">
            {event.title}
          </Link>
        </h3>
        <p className="event-card__channel">By {event.organization.name}</p>
      </div>
    </Card>
  );
}
