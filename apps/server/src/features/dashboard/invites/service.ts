import {
  Conflict,
  Forbidden,
  type InviteeAccount,
  inviteAcceptanceRefusal,
  NotFound,
  speakerRoleOnAccept,
} from "@onstage/domain";
import { tellChannelPeopleChanged, tellPeopleChanged } from "../../../kernel/access/people-changed";
import type { Queryable } from "../../../platform/database";
import type { Outbox } from "../../../platform/realtime/outbox";
import { grantSessions, lockEventRole } from "../speakers/queries";
import * as q from "./queries";

/**
 * Issue 10 §1.1, issue 23 §3.3: the one road from an invitation to a role, for the mailed link and for
 * the dashboard alike: a team invitation joins the channel, a speaker invitation makes a speaker of the
 * event's chosen sessions. Runs inside the caller's transaction (the events hear of the change through
 * its outbox); returns the invitation's channel.
 */
export async function acceptTeamInvite(
  tx: Queryable,
  outbox: Outbox,
  inviteId: number,
  account: InviteeAccount & { userId: number },
  now: number,
): Promise<number> {
  const invite = await q.findInvite(tx, inviteId, { lock: true });
  const refusal = invite ? inviteAcceptanceRefusal(invite, account, now) : "invite_not_found";
  if (refusal === "invite_not_found" || !invite) throw NotFound("invite_not_found");
  if (refusal === "email_not_verified") throw Forbidden(refusal);
  if (refusal) throw Conflict(refusal);
  if (invite.eventId === null) {
    await q.joinChannel(tx, {
      organizationId: invite.organizationId,
      userId: account.userId,
      role: invite.role,
    });
    await tellChannelPeopleChanged(tx, outbox, invite.organizationId, account.userId);
  } else {
    const current = await lockEventRole(tx, invite.eventId, account.userId);
    await grantSessions(tx, {
      eventId: invite.eventId,
      userId: account.userId,
      role: speakerRoleOnAccept(current),
      sessionIds: invite.sessionIds,
    });
    await tellPeopleChanged(outbox, [invite.eventId], account.userId);
  }
  await q.closeInvite(tx, invite.id, "accepted");
  return invite.organizationId;
}
