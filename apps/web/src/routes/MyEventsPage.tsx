import type { EventCard } from "@onstage/domain";
import type { ReactNode } from "react";
import { SitePage } from "../features/account/SitePage";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { useMyEvents } from "../features/dashboard/useMyEvents";
import { EventCardGrid } from "../features/events/EventCardGrid";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { ButtonLink } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import "./pages.css";

interface EventsSectionProps {
  id: string;
  title: string;
  events: EventCard[];
  empty: ReactNode;
}

function EventsSection({ id, title, events, empty }: EventsSectionProps) {
  return (
    <section aria-labelledby={id} className="my-events__section">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {events.length > 0 ? <EventCardGrid events={events} /> : <div className="empty-note">{empty}</div>}
    </section>
  );
}

function MyEvents() {
  const events = useMyEvents();
  if (events.isPending) return <Spinner label="Loading your events…" />;
  if (events.isError) return <p role="alert">Your events could not be loaded. Please try again later.</p>;
  return (
    <>
      <EventsSection
        id="registered-heading"
        title="Registered"
        events={events.data.registered}
        empty={
          <>
            <p>You have not registered for any event yet.</p>
            <ButtonLink to="/">Explore events</ButtonLink>
          </>
        }
      />
      <EventsSection
        id="hosting-heading"
        title="Hosting"
        events={events.data.hosted}
        empty={
          <>
            <p>You are not hosting any event yet.</p>
            <ButtonLink to="/dash">Create an event</ButtonLink>
          </>
        }
      />
    </>
  );
}

/** /my-events (spec 1 §2): the events the user registered for and the ones they host. */
export function MyEventsPage() {
  useDocumentTitle("My events");
  return (
    <SitePage>
      <SignedInOnly
        title="My events"
        prompt="Sign in to see your events"
        explanation="The events you registered for and the ones you host are here once you are signed in."
      >
        {() => (
          <>
            <h1>My events</h1>
            <MyEvents />
          </>
        )}
      </SignedInOnly>
    </SitePage>
  );
}
