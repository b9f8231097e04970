import { Conflict, Forbidden, type InviteeAccount, inviteAcceptanceRefusal, NotFound } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { Outbox } from "../../platform/realtime/outbox";
import { tellChannelPeopleChanged } from "../moderation/people-changed";
import * as q from "./invites.queries";

/**
 * Issue 10 §1.1: the one road from an invitation to a team role, for the mailed link and for the
 * dashboard alike. Runs inside the caller's transaction (the channel's events hear of the new member
 * through its outbox); returns the channel joined.
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
  await q.joinChannel(tx, {
    organizationId: invite.organizationId,
    userId: account.userId,
    role: invite.role,
  });
  await q.closeInvite(tx, invite.id, "accepted");
  await tellChannelPeopleChanged(tx, outbox, invite.organizationId, account.userId);
  return invite.organizationId;
}
