import { canManageEvent, Forbidden, NotFound, OnstageError, type OrgRole } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { EventChild, ManagedEvent } from "./queries";
import * as q from "./queries";

// Who may touch what on the dashboard (issue 5 §1). Unknown or deleted rows are 404; rows that exist
// but are not the viewer's to manage are 403; nothing of them is read before the check passes.

interface ChannelAccess {
  channelId: number;
  orgRole: OrgRole | null;
}

/** The viewer's role in a live channel; 404 when the channel does not exist or was deleted. */
async function channelAccess(db: Queryable, userId: number, channelId: number): Promise<ChannelAccess> {
  const row = await q.findChannelRole(db, channelId, userId);
  if (!row) throw NotFound("channel_not_found");
  return { channelId: row.id, orgRole: row.role };
}

/** Any member of the channel (owner, admin or member); else 403. */
export async function requireChannelMember(db: Queryable, userId: number, channelId: number) {
  const access = await channelAccess(db, userId, channelId);
  if (access.orgRole === null) throw Forbidden();
  return { channelId: access.channelId, orgRole: access.orgRole };
}

export type { ManagedEvent } from "./queries";

/** An event the viewer may manage (channel member, or the event's host, owner or admin). */
export async function requireEventManager(
  db: Queryable,
  userId: number,
  eventId: number,
): Promise<ManagedEvent> {
  const row = await q.findEventWithRoles(db, eventId, userId);
  if (!row) throw NotFound("event_not_found");
  const { isPrivate, ...managed } = row;
  // An unlisted event's existence is not told to outsiders (kernel/unlisted): 404 like an unknown id.
  if (!canManageEvent(managed)) throw isPrivate ? NotFound("event_not_found") : Forbidden();
  return managed;
}

/** The event a session, ticket, coupon or question belongs to, checked as above; 404 when it is gone. */
export async function requireChildManager(
  db: Queryable,
  userId: number,
  table: EventChild,
  id: number,
  notFoundCode: string,
): Promise<ManagedEvent> {
  const eventId = await q.findChildEventId(db, table, id);
  if (eventId === null) throw NotFound(notFoundCode);
  return requireEventManager(db, userId, eventId).catch((error: unknown) => {
    // The row exists but its event is gone: the row is gone too.
    throw error instanceof OnstageError && error.kind === "not_found" ? NotFound(notFoundCode) : error;
  });
}
