import type { ChannelBan } from "@onstage/domain";
import { useId, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { LoadError } from "../people/LoadError";
import { useDebounced } from "../people/useDebounced";
import { useChannelBans, useUnbanInChannel } from "./useChannelModeration";

/** Not in the specs: typing settles this long before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function banKind(ban: ChannelBan): string {
  if (ban.banType === "organization") return "Banned from the channel";
  return `${ban.isShadow ? "Shadow banned" : "Banned"} in ${ban.event?.title ?? "an event"}`;
}

/** Spec 1 §6: the channel's banned users, searchable, with who banned them and when, and Unban. */
export function BannedUsers({ organizationId }: { organizationId: number }) {
  const id = useId();
  const [search, setSearch] = useState("");
  const settled = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useChannelBans(organizationId, settled);
  const unban = useUnbanInChannel(organizationId);
  const bans = query.data?.pages.flatMap((page) => page.bans) ?? [];
  return (
    <section className="moderation__section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Banned users</h3>
      <TextField
        label="Search banned users"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {query.isPending ? (
        <Spinner label="Loading banned users…" />
      ) : query.isError && bans.length === 0 ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : bans.length === 0 ? (
        <p>No banned users.</p>
      ) : (
        <ul className="moderation__list">
          {bans.map((ban) => (
            <li key={ban.banId} className="moderation__row">
              <div>
                <strong>{ban.user.name}</strong>
                <p className="moderation__meta">
                  {banKind(ban)} by {ban.bannedBy?.name ?? "a deleted account"} on{" "}
                  <time dateTime={ban.createdAt}>{when.format(new Date(ban.createdAt))}</time>
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={unban.isPending}
                onClick={() => unban.mutate(ban.banId)}
              >
                Unban<span className="visually-hidden"> {ban.user.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={unban.isError ? unban.error.message : null} />
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()}>
          Show More
        </Button>
      )}
    </section>
  );
}
