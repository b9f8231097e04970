import type { SpeakingEvent } from "@onstage/domain";
import { ButtonLink } from "../../ui/Button";
import { EventCard } from "../events/EventCard";
import "../events/events.css";

/**
 * Issue 23 §3.3: the events the user speaks at, each with a way into the greenroom of every session they
 * speak in (the session's own room, which opens for them once the host starts the greenroom).
 */
export function SpeakingEvents({ events }: { events: SpeakingEvent[] }) {
  return (
    <ul className="event-grid">
      {events.map(({ event, sessions }) => (
        <li key={event.id} className="speaking-event">
          <EventCard event={event} />
          <ul className="speaking-event__sessions" aria-label={`Your sessions at ${event.title}`}>
            {sessions.map((session) => (
              <li key={session.urlHash}>
                <ButtonLink
                  variant="secondary"
                  size="sm"
                  to={`/c/${encodeURIComponent(event.eventCode)}/${session.urlHash}`}
                >
                  Go to the greenroom
                  <span className="visually-hidden"> of {session.title || event.title}</span>
                </ButtonLink>
                {session.title && <span className="speaking-event__title"> {session.title}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
