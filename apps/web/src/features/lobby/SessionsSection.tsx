import type { EventPageData } from "@onstage/domain";
import { useNow } from "../../lib/useNow";
import { LandingSection } from "../landing/LandingSection";
import { SessionCard } from "./SessionCard";

/** A session's status moves with the clock only before its start, which the cards do not show. */
const SESSIONS_REFRESH_MS = 60_000;

/** The landing page of a multi-session event lists every session in schedule order (docs/decisions.md). */
export function SessionsSection({ data }: { data: EventPageData }) {
  const now = useNow(SESSIONS_REFRESH_MS);
  const sessions = data.sessions.filter((s) => s.sessionType === "regular");
  if (!data.event.multiSession || sessions.length === 0) return null;
  return (
    <LandingSection title="Sessions">
      <ul className="agenda__list">
        {sessions.map((session) => (
          <li key={session.id}>
            <SessionCard data={data} session={session} nowMs={now} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
