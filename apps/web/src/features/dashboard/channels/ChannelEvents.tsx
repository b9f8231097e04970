import { Link } from "wouter";
import { Spinner } from "../../../ui/Spinner";
import { EventStatusBadges } from "../EventStatusBadges";
import { useChannelEvents } from "../useChannels";
import { formatInZone } from "../zonedTime";

/** The channel's events, newest first as the server sends them; each title opens the editor. */
export function ChannelEvents({ channelId, channelName }: { channelId: number; channelName: string }) {
  const events = useChannelEvents(channelId);
  if (events.isPending) return <Spinner label={`Loading the events of ${channelName}…`} />;
  if (events.isError) return <p role="alert">The events could not be loaded. Please try again later.</p>;
  if (events.data.length === 0) {
    return <p className="dash-empty">No events yet. Create the first one with ‘New event’.</p>;
  }
  return (
    <ul className="dash-events" aria-label={`Events of ${channelName}`}>
      {events.data.map((event) => {
        const start = event.nextSessionStartDate ?? event.firstSessionStartDate;
        return (
          <li key={event.id} className="dash-event">
            <div className="dash-event__main">
              <h3 className="dash-event__title">
                <Link to={`/dash/events/${event.id}`}>{event.title}</Link>
              </h3>
              <p className="dash-event__meta">
                {start ? (
                  <time dateTime={start}>{formatInZone(start, event.timezone)}</time>
                ) : (
                  "No session scheduled"
                )}
                <span aria-hidden="true"> · </span>
                <span>{event.registeredCount} registered</span>
                {event.seatLimit !== null && <span> of {event.seatLimit} seats</span>}
              </p>
            </div>
            <EventStatusBadges event={event} />
          </li>
        );
      })}
    </ul>
  );
}
