import type { EventCard as EventCardData } from "@onstage/domain";
import { EventCard } from "./EventCard";
import "./events.css";

export function EventCardGrid({ events }: { events: EventCardData[] }) {
  return (
    <ul className="event-grid">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
