import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  removeAttendeeRefusal,
  type UnregisterUserRequest,
  viewerFlags,
} from "@onstage/domain";
import { findOrgRole, findStanding } from "../../kernel/access/queries";
import type { Queryable } from "../../platform/database";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import { countRegistrations } from "../events/service";
import { recordAudit } from "../moderation/service";
import { emitWebhookEvent } from "../webhooks/service";
import { deleteRegistration, findEvent, listRemovableChannelEvents } from "./queries";
import type { RegistrationDeps } from "./register";

/**
 * Spec 1 §7 unregister-user. A user may leave an event themselves unless it hides unregistering; a host
 * removes someone else only as spec 1 §5 Remove Attendee allows. Unregistering someone who is not
 * registered changes nothing and succeeds, so a retried request is harmless.
 */
export async function unregister(
  deps: RegistrationDeps,
  actorUserId: number,
  request: UnregisterUserRequest,
): Promise<void> {
  if (request.type === "channel") return unregisterFromChannel(deps, actorUserId, request);
  if (request.event_id === undefined) throw BadRequest("missing_required_data");
  const event = await findEvent(deps.db, request.event_id);
  if (!event || event.isDeleted || event.organizationId !== request.organization_id) {
    throw NotFound("event_not_found");
  }
  const targetId = request.user_to_unregister_id;
  if (targetId === actorUserId) {
    // Spec 1 §5: hide-unregister takes unregistering away altogether.
    if (event.hideUnregister) throw Conflict("hide_unregister");
    await withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
      if (await deleteRegistration(tx, event.id, targetId)) await ended(tx, outbox, event.id, targetId);
    });
    return;
  }
  const ids = { eventId: event.id, organizationId: event.organizationId };
  const [actor, target] = await Promise.all([
    findStanding(deps.db, event.id, actorUserId),
    findStanding(deps.db, event.id, targetId),
  ]);
  const refusal = removeAttendeeRefusal({
    actor: viewerFlags({ userId: actorUserId, ...actor }, null),
    actorUserId,
    target: { userId: targetId, eventRole: target.eventRole, isOrgMember: target.orgRole !== null },
    hideUnregister: event.hideUnregister,
  });
  if (refusal === "forbidden") throw Forbidden();
  if (refusal) throw Conflict(refusal);
  await withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
    if (!(await deleteRegistration(tx, event.id, targetId))) return;
    await ended(tx, outbox, event.id, targetId);
    await recordAudit(tx, {
      ...ids,
      actorId: actorUserId,
      targetUserId: targetId,
      action: "remove_attendee",
    });
    await deps.tracker.track(
      "event-unregister-by-host",
      { userId: actorUserId, ...ids, properties: { unregisteredUserId: targetId, type: "event" } },
      tx,
    );
  });
}

/** Spec 1 §7 type channel: a channel owner or admin removes a guest from every event of the channel. */
async function unregisterFromChannel(
  deps: RegistrationDeps,
  actorUserId: number,
  request: UnregisterUserRequest,
): Promise<void> {
  const organizationId = request.organization_id;
  const targetId = request.user_to_unregister_id;
  const actorRole = await findOrgRole(deps.db, organizationId, actorUserId);
  if (actorRole !== "owner" && actorRole !== "admin") throw Forbidden();
  if (targetId === actorUserId) throw Conflict("self");
  if ((await findOrgRole(deps.db, organizationId, targetId)) !== null) throw Conflict("channel_member");
  await withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
    const eventIds = await listRemovableChannelEvents(tx, organizationId, targetId);
    for (const eventId of eventIds) {
      if (!(await deleteRegistration(tx, eventId, targetId))) continue;
      await ended(tx, outbox, eventId, targetId);
      await recordAudit(tx, {
        organizationId,
        eventId,
        actorId: actorUserId,
        targetUserId: targetId,
        action: "remove_attendee",
      });
    }
    if (eventIds.length === 0) return;
    await deps.tracker.track(
      "event-unregister-by-host",
      {
        userId: actorUserId,
        organizationId,
        properties: { unregisteredUserId: targetId, type: "channel", eventIds },
      },
      tx,
    );
  });
}

/** Issue 6: the room's registered count follows on event:{eventId}, like 'registration.created'. */
/** A registration ended: the room's count on event:{id}, and the channel's webhooks (issue 28 §4). */
async function ended(tx: Queryable, outbox: Outbox, eventId: number, userId: number): Promise<void> {
  const now = new Date();
  await emitWebhookEvent(tx, {
    source: { eventId },
    type: "registration.cancelled",
    eventKey: `${eventId}:${userId}:${now.getTime()}`,
    data: { eventId, userId },
    now,
  });
  await outbox.write(
    { kind: "event", id: eventId },
    {
      kind: "broadcast",
      event: "registration.deleted",
      payload: { registeredCount: await countRegistrations(tx, eventId) },
    },
  );
}
