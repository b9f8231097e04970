import type { ModerationAction, ModerationAuditEntry } from "@onstage/domain";
import { useId } from "react";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { LoadError } from "../people/LoadError";
import { useModerationAudit } from "./useChannelModeration";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const VERBS: Record<ModerationAction, string> = {
  ban: "banned and removed",
  shadow_ban: "shadow banned",
  channel_ban: "banned from the channel",
  unban: "unbanned",
  role_change: "changed the role of",
  remove_attendee: "removed",
};

function sentence(entry: ModerationAuditEntry): string {
  const actor = entry.actor?.name ?? "A deleted account";
  const target = entry.target?.name ?? "a deleted account";
  const where = entry.event ? ` in ${entry.event.title}` : "";
  const roles = entry.action === "role_change" ? ` from ${entry.details.from} to ${entry.details.to}` : "";
  return `${actor} ${VERBS[entry.action]} ${target}${roles}${where}`;
}

/** Issue 12 item 7: every moderation action of the channel, newest first. */
export function AuditLog({ organizationId }: { organizationId: number }) {
  const id = useId();
  const query = useModerationAudit(organizationId);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="moderation__section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Moderation log</h3>
      {query.isPending ? (
        <Spinner label="Loading the moderation log…" />
      ) : query.isError && entries.length === 0 ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <p>No moderation actions yet.</p>
      ) : (
        <ol className="moderation__list">
          {entries.map((entry) => (
            <li key={entry.id} className="moderation__row">
              <span>{sentence(entry)}</span>
              <time className="moderation__meta" dateTime={entry.createdAt}>
                {when.format(new Date(entry.createdAt))}
              </time>
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()}>
          Show More
        </Button>
      )}
    </section>
  );
}
