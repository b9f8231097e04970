import { BadRequest, Conflict, nameRefusal } from "@onstage/domain";
import { withOutbox } from "../../platform/realtime/outbox";
import { acceptTeamInvite } from "../dashboard/service";
import type { AuthCore } from "./core";
import * as q from "./queries";
import { spendLinkToken } from "./tokens";

/** Spec 1 §4 invite token: it signs the person in with the address verified, and joins the team. */
export function inviteActions({ db, realtime, endAllSessions }: AuthCore) {
  return {
    /** Returns the user to sign in. The link proves the inbox, so it counts as the address's verification. */
    async acceptInvite(
      token: string,
      typed: { firstName: string; lastName: string },
      viewerUserId: number | null,
    ): Promise<number> {
      const refusal = nameRefusal(typed.firstName, "first") ?? nameRefusal(typed.lastName, "last");
      if (refusal) throw BadRequest(refusal);
      const names = { firstName: typed.firstName.trim(), lastName: typed.lastName.trim() };
      const accepted = await withOutbox(db, realtime, async (tx, outbox) => {
        const spent = await spendLinkToken(tx, token, ["invite"]);
        if (!spent) throw BadRequest("link_invalid");
        const existing = await q.findUserByEmail(tx, spent.email);
        const userId =
          existing?.user.id ??
          (await q.insertUser(tx, {
            email: spent.email,
            ...names,
            passwordHash: null,
            emailVerified: true,
            tosAccepted: false,
          }));
        if (userId === null) throw Conflict("account_exists");
        // Issue 10 §1.1: a first proof ends the sessions and the password of whoever typed the address
        // before, and the account takes the names its owner typed here.
        const firstProof = await q.markEmailVerified(tx, userId, { keepPassword: viewerUserId === userId });
        await q.updateProfile(tx, userId, names);
        await q.upsertAccount(tx, { email: spent.email, id: spent.email, provider: "email", userId });
        const { inviteId } = spent.payload;
        if (typeof inviteId === "number")
          await acceptTeamInvite(
            tx,
            outbox,
            inviteId,
            { userId, email: spent.email, emailVerified: true },
            Date.now(),
          );
        return { userId, firstProof };
      });
      if (accepted.firstProof) await endAllSessions(accepted.userId);
      return accepted.userId;
    },
  };
}
