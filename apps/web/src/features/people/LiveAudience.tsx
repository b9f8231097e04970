import { useId } from "react";
import { Badge } from "../../ui/Badge";
import { Spinner } from "../../ui/Spinner";
import { LoadError } from "./LoadError";
import { PersonRow } from "./PersonRow";
import { useLiveUsers } from "./useLiveUsers";

/** Spec 2 §2 people tab: the Live Audience section. */
export function LiveAudience({ sessionId }: { sessionId: number }) {
  const id = useId();
  const query = useLiveUsers(sessionId);
  const count = query.data?.liveCount ?? null;
  return (
    <section className="people__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="people__heading">
        Live Audience{count !== null && <span className="people__count"> ({count})</span>}
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
            <PersonRow
              key={user.userId}
              firstName={user.firstName}
              lastName={user.lastName}
              profilePhoto={user.profilePhoto}
              badges={user.state === "on_stage" ? <Badge tone="primary">On stage</Badge> : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
