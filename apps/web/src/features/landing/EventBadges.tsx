import type { EventDetails } from "@onstage/domain";
import { Badge } from "../../ui/Badge";
import "./landing.css";

export function EventBadges({ event }: { event: EventDetails }) {
  const isPatreon = event.access === "patreon";
  if (!event.private && !isPatreon) return null;
  return (
    <div className="event-badges">
      {event.private && <Badge title="This event isn't visible on channel">Unlisted</Badge>}
      {isPatreon && <Badge tone="primary">Patreon members</Badge>}
    </div>
  );
}
