import type { EventPageData } from "@onstage/domain";
import { LandingSection } from "../landing/LandingSection";
import { SessionCard } from "./SessionCard";

/** The landing page of a multi-session event lists every session in schedule order (docs/decisions.md). */
export function SessionsSection({ data }: { data: EventPageData }) {
  const sessions = data.sessions.filter((s) => s.sessionType === "regular");
  if (!data.event.multiSession || sessions.length === 0) return null;
  return (
    <LandingSection title="Sessions">
      <ul className="agenda__list">
        {sessions.map((session) => (
          <li key={session.id}>
            <SessionCard data={data} session={session} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
