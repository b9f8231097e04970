import type { EventCard } from "@onstage/domain";
import type { ReactNode } from "react";
import { SitePage } from "../features/account/SitePage";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { SpeakingEvents } from "../features/dashboard/SpeakingEvents";
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
    <Section id={id} title={title}>
      {events.length > 0 ? <EventCardGrid events={events} /> : <div className="empty-note">{empty}</div>}
    </Section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="my-events__section">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function MyEvents() {
  const events = useMyEvents();
  if (events.isPending) return <Spinner label="Loading your events…" />;
  if (events.isError) return <p role="alert">Your events could not be loaded. Please try again later.</p>;
  const { speaking } = events.data;
  return (
    <>
      {/* Issue 23 §3.3: a speaker's events come first: they have a part to play in them. */}
      {speaking.length > 0 && (
        <Section id="speaking-heading" title="Speaking">
          <SpeakingEvents events={speaking} />
        </Section>
      )}
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

/** /my-events (spec 1 §2): the events the user speaks at, registered for and hosts. */
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
