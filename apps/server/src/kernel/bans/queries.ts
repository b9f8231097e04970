// The one ban predicate (spec 1 §7): a channel ban covers every event of the channel; an event ban is
// shadow or not. A shadow-banned user must not notice the ban, so refusals look at "visible" bans only,
// chat hides what "shadow" bans wrote, and moderators see "any" ban.

export type BanKind = "visible" | "shadow" | "any";

interface BanScope {
  /** SQL naming the user, the event and the event's channel (columns or parameters). */
  user: string;
  event: string;
  organization: string;
}

/** The condition on `ban` (an alias of bans) that it is an active ban of `kind` on the event. */
function banCondition(kind: BanKind, at: Omit<BanScope, "organization"> & { organization?: string }): string {
  const eventBan = `ban.ban_type = 'event' AND ban.event_id = ${at.event}`;
  const channelBan = `ban.ban_type = 'organization' AND ban.organization_id = ${at.organization}`;
  const which = {
    visible: `(${eventBan} AND NOT ban.is_shadow) OR (${channelBan})`,
    shadow: `${eventBan} AND ban.is_shadow`,
    any: `(${eventBan}) OR (${channelBan})`,
  }[kind];
  return `ban.user_id = ${at.user} AND ban.active AND (${which})`;
}

/** An SQL boolean: the user holds an active ban of `kind` on the event. */
export function banSql(kind: "shadow", at: Omit<BanScope, "organization">): string;
export function banSql(kind: Exclude<BanKind, "shadow">, at: BanScope): string;
export function banSql(
  kind: BanKind,
  at: Omit<BanScope, "organization"> & { organization?: string },
): string {
  return `EXISTS (SELECT 1 FROM bans ban WHERE ${banCondition(kind, at)})`;
}

/** An SQL bigint: the id of the user's active ban on the event (the channel ban first), else NULL. */
export function banIdSql(at: BanScope): string {
  return `(SELECT ban.id FROM bans ban WHERE ${banCondition("any", at)}
            ORDER BY ban.ban_type = 'organization' DESC, ban.id LIMIT 1)`;
}
