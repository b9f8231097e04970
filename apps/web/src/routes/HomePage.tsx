import { SitePage } from "../features/account/SitePage";
import { EventCardGrid } from "../features/events/EventCardGrid";
import { useUpcomingEvents } from "../features/events/useUpcomingEvents";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../ui/Spinner";
import "./pages.css";

export function HomePage() {
  useDocumentTitle(null);
  const events = useUpcomingEvents();
  return (
    <SitePage>
      <div className="hero">
        <h1 className="hero__title">Live events worth showing up for</h1>
        <p className="hero__text">Workshops, talks and shows streamed live by the channels you follow.</p>
      </div>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="section-title">
          Upcoming events
        </h2>
        {events.isPending && <Spinner label="Loading upcoming events…" />}
        {events.isError && <p role="alert">Upcoming events could not be loaded. Please try again later.</p>}
        {events.data && events.data.length === 0 && (
          <p className="empty-note">No upcoming events yet. Check back soon.</p>
        )}
        {events.data && events.data.length > 0 && <EventCardGrid events={events.data} />}
      </section>
    </SitePage>
  );
}
