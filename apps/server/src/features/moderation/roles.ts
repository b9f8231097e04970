import {
  type ChangeRoleRequest,
  Conflict,
  Forbidden,
  NotFound,
  roleChangeRefusal,
  viewerFlags,
} from "@onstage/domain";
import { tellPeopleChanged } from "../../kernel/access/people-changed";
import { findPlace, findStanding } from "../../kernel/access/queries";
import { withOutbox } from "../../platform/realtime/outbox";
import { hasPendingHandRaise, lockEventRole, recordAudit, sessionOfEvent, setEventRole } from "./queries";
import type { ModerationDeps } from "./service";

/**
 * Spec 1 §4 "Role change" under spec 1 §5 "Role menu": the one road from the people row's Role menu to
 * an event role. A stage member who loses the right to be there leaves the stage at once.
 */
export async function changeRole(
  deps: ModerationDeps,
  actorId: number,
  input: ChangeRoleRequest,
): Promise<void> {
  const { db } = deps;
  const place = await findPlace(db, "event", input.event_id, actorId);
  if (!place || place.event.deleted || place.event.unreached) throw NotFound("event_not_found");
  if (input.user_id === actorId) throw Conflict("self");
  if (
    input.video_session_id !== undefined &&
    !(await sessionOfEvent(db, input.video_session_id, input.event_id))
  ) {
    throw NotFound("session_not_found");
  }
  await withOutbox(db, deps.realtime, async (tx, outbox) => {
    await lockEventRole(tx, input.event_id, input.user_id);
    const target = await findStanding(tx, input.event_id, input.user_id);
    const refusal = roleChangeRefusal({
      actor: viewerFlags(place.viewer, null),
      target: {
        isOrgMember: target.orgRole !== null,
        eventRole: target.eventRole,
        isBanned: target.isBanned,
        hasPendingHandRaise: await hasPendingHandRaise(tx, input.event_id, input.user_id),
      },
      newRole: input.event_role_fkey,
    });
    if (refusal === "forbidden") throw Forbidden();
    if (refusal) throw Conflict(refusal);
    await setEventRole(tx, {
      eventId: input.event_id,
      userId: input.user_id,
      role: input.event_role_fkey,
      sessionId: input.video_session_id ?? null,
    });
    await recordAudit(tx, {
      organizationId: place.event.organizationId,
      eventId: input.event_id,
      actorId,
      targetUserId: input.user_id,
      action: "role_change",
      details: { from: target.eventRole ?? "guest", to: input.event_role_fkey },
    });
    await tellPeopleChanged(outbox, [input.event_id], input.user_id);
  });
  // After commit: a speaker made a guest leaves the stage now, not at the next re-check.
  deps.lifecycle.emit("userRemoved", { userId: input.user_id, eventIds: [input.event_id] });
}
