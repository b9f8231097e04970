import { RegisteredUserFilter, type RegisteredUserRow, roleBadge } from "@onstage/domain";
import { useId, useState } from "react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { StageInviteMenu } from "../intents/StageInviteMenu";
import { useIntents } from "../intents/useIntents";
import { LoadError } from "./LoadError";
import type { PeoplePanelProps } from "./PeoplePanel";
import { PersonMenu } from "./PersonMenu";
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
  const role = roleBadge(user);
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
export function RegisteredUsers({ event, viewer, liveCount }: Omit<PeoplePanelProps, "session">) {
  const { id: eventId, sessionId } = event;
  const id = useId();
  const [filter, setFilter] = useState<RegisteredUserFilter>("all");
  const [search, setSearch] = useState("");
  const settledSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useRegisteredUsers({ eventId, sessionId, filter, search: settledSearch });
  const users = query.data?.pages.flatMap((page) => page.users) ?? [];
  // Issue 12: the row's menu also holds the stage actions (invite, answer a hand, uninvite).
  const intents = useIntents();
  const intentOf = (userId: number) => intents.data?.intents.find((i) => i.userId === userId) ?? null;
  const stageActionsFor = (user: (typeof users)[number]) => (
    <StageInviteMenu
      session={{ sessionId, eventId }}
      broadcastType={event.broadcastType}
      userId={user.userId}
      name={`${user.firstName} ${user.lastName}`.trim()}
      intent={intentOf(user.userId)}
      viewerUserId={viewer.userId}
      flags={viewer.flags}
    />
  );
  const total = query.data?.pages[0]?.total ?? null;
  return (
    <section className="people__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="people__heading">
        Registered{total !== null && <span className="people__count"> ({total})</span>}
        {/* Spec 2 §6: the active count next to registered, for members and admins only. */}
        {liveCount !== null && <span className="people__count"> · {liveCount} active</span>}
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
              actions={
                <PersonMenu
                  person={{
                    ...user,
                    hasPendingHandRaise: intentOf(user.userId)?.intentType === "hand_raised",
                  }}
                  viewer={viewer}
                  event={event}
                  stageActions={stageActionsFor(user)}
                />
              }
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
