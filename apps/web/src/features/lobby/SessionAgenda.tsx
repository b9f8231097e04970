import {
  type AgendaGroupKind,
  type EventPageData,
  lobbyAgenda,
  type VideoSessionSummary,
} from "@onstage/domain";
import { useId, useState } from "react";
import { useNow } from "../../lib/useNow";
import "./lobby.css";
import { SessionCard } from "./SessionCard";
import { useAgendaTopic } from "./useAgendaTopic";

const GROUP_TITLES: Record<AgendaGroupKind, string> = {
  live: "Live now",
  upcoming: "Coming up",
  ended: "Just ended",
};

/** The windows of spec 2 §2 move with the clock: re-decided every half minute. */
const AGENDA_REFRESH_MS = 30_000;

/**
 * Spec 2 §2 lobby list: a multi-session event's sessions by group, up to 3 each and a '+N more' button
 * that lists the rest; each card opens /c/{eventCode}/{urlHash}.
 */
export function SessionAgenda({
  data,
  currentSessionId,
}: {
  data: EventPageData;
  currentSessionId?: number;
}) {
  useAgendaTopic(data);
  const now = useNow(AGENDA_REFRESH_MS);
  const [expanded, setExpanded] = useState<ReadonlySet<AgendaGroupKind>>(new Set());
  const groups = lobbyAgenda(data.sessions, now, expanded);
  if (groups.length === 0) return <p className="agenda__empty">No sessions are live or coming up.</p>;
  return (
    <div className="agenda">
      {groups.map((group) => (
        <AgendaGroup
          key={group.kind}
          title={GROUP_TITLES[group.kind]}
          sessions={group.shown}
          moreCount={group.moreCount}
          onMore={() => setExpanded((kinds) => new Set([...kinds, group.kind]))}
          data={data}
          nowMs={now}
          currentSessionId={currentSessionId}
        />
      ))}
    </div>
  );
}

function AgendaGroup(props: {
  title: string;
  sessions: VideoSessionSummary[];
  moreCount: number;
  onMore: () => void;
  data: EventPageData;
  nowMs: number;
  currentSessionId?: number;
}) {
  const headingId = useId();
  return (
    <section className="agenda__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="agenda__title">
        {props.title}
      </h3>
      <ul className="agenda__list">
        {props.sessions.map((session) => (
          <li key={session.id}>
            <SessionCard
              data={props.data}
              session={session}
              nowMs={props.nowMs}
              isCurrent={session.id === props.currentSessionId}
            />
          </li>
        ))}
      </ul>
      {props.moreCount > 0 && (
        <button type="button" className="agenda__more link-button" onClick={props.onMore}>
          +{props.moreCount} more
        </button>
      )}
    </section>
  );
}
