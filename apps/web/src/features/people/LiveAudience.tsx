import { seesActiveCount, type ViewerFlags } from "@onstage/domain";
import { useId } from "react";
import { Badge } from "../../ui/Badge";
import { Spinner } from "../../ui/Spinner";
import { useIntents } from "../intents/useIntents";
import { LoadError } from "./LoadError";
import type { PersonMenuEvent } from "./PersonMenu";
import { SessionPersonRow } from "./SessionPersonRow";
import { useLiveUsers } from "./useLiveUsers";

/** Spec 2 §2 people tab: the Live Audience section, each row with the profile and the person menu. */
export function LiveAudience({
  event,
  viewer,
}: {
  event: PersonMenuEvent;
  viewer: { userId: number | null; flags: ViewerFlags };
}) {
  const { sessionId } = event;
  const id = useId();
  const query = useLiveUsers(sessionId);
  const intents = useIntents();
  // Spec 2 §6: the active count is for members and admins only.
  const count = seesActiveCount(viewer.flags) ? (query.data?.liveCount ?? null) : null;
  const idleCount = count === null ? 0 : (query.data?.idleCount ?? 0);
  const intentOf = (userId: number) => intents.data?.intents.find((i) => i.userId === userId) ?? null;
  return (
    <section className="people__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="people__heading">
        Live Audience{count !== null && <span className="people__count"> ({count})</span>}
        {idleCount > 0 && <span className="people__count"> · {idleCount} idle</span>}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading the live audience…" />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <p className="people__empty">Nobody is here yet.</p>
      ) : (
        <ul className="people__list">
          {query.data.users.map((user) => (
            <SessionPersonRow
              key={user.userId}
              person={user}
              event={event}
              viewer={viewer}
              intent={intentOf(user.userId)}
              stageActions="in menu"
              badges={
                user.state === "on_stage" ? (
                  <Badge tone="primary">On stage</Badge>
                ) : (
                  user.idle && <Badge>Idle</Badge>
                )
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
