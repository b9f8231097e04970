import { RegisteredUserFilter, type RegisteredUserRow, roleBadge } from "@onstage/domain";
import { useId, useState } from "react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { LoadError } from "./LoadError";
import { PersonRow } from "./PersonRow";
import { useDebounced } from "./useDebounced";
import { useRegisteredUsers } from "./useRegisteredUsers";

/** Not in the specs: typing settles this long before the full-text search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const FILTER_LABELS: Record<RegisteredUserFilter, string> = {
  all: "All",
  live: "Live",
  on_stage: "On stage",
  hosts: "Hosts",
  moderators: "Moderators",
};

function badgesFor(user: RegisteredUserRow) {
  const role = roleBadge({ eventRole: user.eventRole, isOrgMember: false });
  return (
    <>
      {role && <Badge tone="info">{role}</Badge>}
      {user.isOnStage ? (
        <Badge tone="primary">On stage</Badge>
      ) : (
        user.isLive && <Badge tone="success">Live</Badge>
      )}
      {/* Spec 2 §6: the server sets isBanned only for admins, moderators and members. */}
      {user.isBanned && <Badge tone="danger">Banned</Badge>}
    </>
  );
}

/** Spec 2 §2 people tab: the Registered section with search, filters and 'Show More'. */
export function RegisteredUsers({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  const id = useId();
  const [filter, setFilter] = useState<RegisteredUserFilter>("all");
  const [search, setSearch] = useState("");
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useRegisteredUsers({ eventId, sessionId, filter, search: settledSearch });
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  const total = query.data?.pages[0]?.total ?? null;
  return (
    <section className="people__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="people__heading">
        Registered{total !== null && <span className="people__count"> ({total})</span>}
      </h2>
      <div className="people__controls">
        <TextField
          label="Search people"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-filter`}>
            Show
          </label>
          <select
            id={`${id}-filter`}
            className="field__input"
            value={filter}
            onChange={(event) => setFilter(RegisteredUserFilter.parse(event.target.value))}
          >
            {RegisteredUserFilter.options.map((option) => (
              <option key={option} value={option}>
                {FILTER_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading registered people…" />
      ) : query.isError && users.length === 0 ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : users.length === 0 ? (
        <p className="people__empty">No one matches.</p>
      ) : (
        <ul className="people__list">
          {users.map((user) => (
            <PersonRow
              key={user.userId}
              firstName={user.firstName}
              lastName={user.lastName}
              profilePhoto={user.profilePhoto}
              badges={badgesFor(user)}
              profileOf={{ userId: user.userId, eventId }}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show More
        </Button>
      )}
    </section>
  );
}
