import { BadRequest, type CurrentUser, NotFound, nameRefusal } from "@onstage/domain";
import type { AuthCore, Caller } from "./core";
import { hashPassword, verifyPassword } from "./passwords";
import * as q from "./queries";
import { assertNotThrottled, countAttempt, type ThrottleKey } from "./throttle";

/** The signed-in person's own account: profile, photo, password, terms, sign-in methods. */
export function accountActions(core: AuthCore) {
  const { db, requireUser, assertStrong } = core;
  return {
    me: async (userId: number | null) => (userId === null ? null : q.findCurrentUser(db, userId)),

    async acceptTerms(userId: number | null): Promise<CurrentUser> {
      const { user } = await requireUser(userId);
      await q.acceptTerms(db, user.id);
      return (await requireUser(user.id)).user;
    },

    async updateProfile(
      userId: number | null,
      input: { firstName?: string; lastName?: string; bio?: string },
    ) {
      const { user } = await requireUser(userId);
      const refusal =
        (input.firstName !== undefined ? nameRefusal(input.firstName, "first") : null) ??
        (input.lastName !== undefined ? nameRefusal(input.lastName, "last") : null);
      if (refusal) throw BadRequest(refusal);
      await q.updateProfile(db, user.id, {
        firstName: input.firstName?.trim(),
        lastName: input.lastName?.trim(),
        bio: input.bio === undefined ? undefined : input.bio.trim() || null,
      });
      return (await requireUser(user.id)).user;
    },

    async setPhoto(userId: number | null, url: string) {
      const { user } = await requireUser(userId);
      await q.updateProfile(db, user.id, { profilePhoto: url });
      return (await requireUser(user.id)).user;
    },

    /** Setting a first password needs the session; changing one needs the current password too. */
    async changePassword(userId: number | null, current: string | undefined, next: string, caller: Caller) {
      const record = await requireUser(userId);
      if (record.passwordHash) {
        const key: ThrottleKey = {
          scope: "account-address",
          value: `${record.user.email}|${caller.address}`,
        };
        await assertNotThrottled(db, [key]);
        if (!current || !(await verifyPassword(record.passwordHash, current))) {
          await countAttempt(db, [key]);
          throw BadRequest("wrong_password");
        }
      }
      await assertStrong(next, record.user);
      await q.setPasswordHash(db, record.user.id, await hashPassword(next));
      return record.user.id;
    },

    async signInAccounts(userId: number | null) {
      const { user } = await requireUser(userId);
      return q.listSignInAccounts(db, user.id);
    },

    /** Spec 1 §7 POST /api/accounts: only the signed-in user's own address answers. */
    async accountsOf(userId: number | null, email: string) {
      const { user } = await requireUser(userId);
      if (user.email !== email) throw NotFound();
      return (await q.listSignInAccounts(db, user.id)).map(({ id, provider }) => ({ id, provider }));
    },
  };
}
