import {
  type AdditionalQueryStrings,
  BadRequest,
  Conflict,
  type LookupAccountResponse,
  type SignUpRequest,
  signUpRefusal,
  Unauthorized,
} from "@onstage/domain";
import { type AuthCore, type Caller, returnPath, type SocialProfile } from "./core";
import { passwordResetMail, verifyEmailMail } from "./mails";
import { hashPassword, isWeakPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import * as q from "./queries";
import { assertNotThrottled, clearThrottle, countAttempt, isOverLimit, type ThrottleKey } from "./throttle";
import { issueLinkToken, LINK_TOKEN_TTL_MINUTES, spendLinkToken } from "./tokens";

/** Spec 1 §4: every way in — lookup, sign-up, password, e-mailed links, reset, invite, social. */
export function signInActions(core: AuthCore) {
  const {
    db,
    linkUrl,
    deliver,
    inBackground,
    mailableUser,
    requireUser,
    assertStrong,
    sendMagicLink,
    endAllSessions,
    proveInbox,
  } = core;
  return {
    /** Spec 1 §7 lookup; it names whether an account exists, as the registration dialog needs. */
    async lookupAccount(email: string, caller: Caller): Promise<LookupAccountResponse> {
      const key: ThrottleKey = { scope: "lookup", value: caller.address };
      await assertNotThrottled(db, [key]);
      await countAttempt(db, [key]);
      const record = await q.findUserByEmail(db, email);
      return {
        accountExists: record !== null,
        userHasSetPassword: record?.passwordHash != null,
        firstName: record ? record.user.firstName || null : null,
      };
    },

    /** Spec 1 §4 sign-up submission; returns the new user's id to sign in. */
    async signUp(input: SignUpRequest): Promise<number> {
      const refusal = signUpRefusal({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        termsAccepted: input.tosAccepted,
      });
      if (refusal) throw BadRequest(refusal);
      if (input.password) await assertStrong(input.password, input);
      const userId = await db.transaction(async (tx) => {
        const id = await q.insertUser(tx, {
          email: input.email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: input.password ? await hashPassword(input.password) : null,
          emailVerified: false,
          tosAccepted: true,
        });
        if (id === null) throw Conflict("account_exists");
        await q.upsertAccount(tx, { email: input.email, id: input.email, provider: "email", userId: id });
        return id;
      });
      const user = await q.findCurrentUser(db, userId);
      if (user) await sendMagicLink(user, "signup_confirm", input.additionalQueryStrings);
      return userId;
    },

    /** Password sign-in, throttled per account and address; an unknown e-mail costs the same time. */
    async signIn(email: string, password: string, caller: Caller): Promise<number> {
      const keys: ThrottleKey[] = [
        { scope: "account-address", value: `${email}|${caller.address}` },
        { scope: "account", value: email },
        { scope: "address", value: caller.address },
      ];
      await assertNotThrottled(db, keys);
      const record = await q.findUserByEmail(db, email);
      const ok = record?.passwordHash
        ? await verifyPassword(record.passwordHash, password)
        : await verifyAgainstDecoy(password);
      if (!record || !ok) {
        await countAttempt(db, keys);
        throw Unauthorized("invalid_credentials");
      }
      await clearThrottle(db, [keys[0] as ThrottleKey]);
      return record.user.id;
    },

    /** Always the same answer; mail goes only to existing accounts, and at most 5 per address per window. */
    async sendLoginLink(
      email: string,
      action: "login" | "signup_confirm",
      extra: AdditionalQueryStrings | undefined,
      caller: Caller,
    ) {
      const addressKey: ThrottleKey = { scope: "address", value: caller.address };
      await assertNotThrottled(db, [addressKey]);
      await countAttempt(db, [addressKey]);
      inBackground(async () => {
        const record = await mailableUser(email);
        if (record) await sendMagicLink(record.user, action, extra);
      });
    },

    /** Spends a magic-link or verification token: signs in and marks the e-mail verified. */
    async signInWithLink(
      token: string,
      viewerUserId: number | null,
    ): Promise<{ userId: number; redirectTo: string }> {
      const spent = await spendLinkToken(db, token, ["magic_link", "verify_email"]);
      if (!spent || spent.userId === null) throw BadRequest("link_invalid");
      await proveInbox(spent.userId, viewerUserId === spent.userId);
      const extra = (spent.payload.additionalQueryStrings ?? {}) as AdditionalQueryStrings;
      const verified = spent.purpose === "verify_email" || spent.payload.action === "signup_confirm";
      return { userId: spent.userId, redirectTo: returnPath(extra, verified) };
    },

    async sendVerification(userId: number | null, email: string, redirectTo: string | undefined) {
      const { user } = await requireUser(userId);
      // Only one's own address: this is no way to mail strangers.
      if (user.email !== email || user.emailVerified) return;
      const mailKey: ThrottleKey = { scope: "mail", value: email };
      if (await isOverLimit(db, mailKey)) return;
      await countAttempt(db, [mailKey]);
      const token = await issueLinkToken(db, {
        purpose: "verify_email",
        email,
        userId: user.id,
        payload: { additionalQueryStrings: redirectTo ? { redirectTo } : {} },
      });
      await deliver(
        verifyEmailMail({
          to: email,
          firstName: user.firstName,
          link: linkUrl(token, "verify_email"),
          minutesValid: LINK_TOKEN_TTL_MINUTES,
        }),
      );
    },

    async sendPasswordReset(email: string, redirectTo: string | undefined, caller: Caller) {
      const addressKey: ThrottleKey = { scope: "address", value: caller.address };
      await assertNotThrottled(db, [addressKey]);
      await countAttempt(db, [addressKey]);
      inBackground(async () => {
        const record = await mailableUser(email);
        if (!record) return;
        const token = await issueLinkToken(db, {
          purpose: "password_reset",
          email,
          userId: record.user.id,
          payload: { additionalQueryStrings: redirectTo ? { redirectTo } : {} },
        });
        await deliver(
          passwordResetMail({
            to: email,
            firstName: record.user.firstName,
            link: linkUrl(token, "password_reset"),
            minutesValid: LINK_TOKEN_TTL_MINUTES,
          }),
        );
      });
    },

    /** A new password signs every other session out. */
    async resetPassword(token: string, password: string): Promise<{ userId: number; redirectTo: string }> {
      // A weak choice is refused before the link is spent, so the person can try another password.
      if (await isWeakPassword(password, [])) throw BadRequest("weak_password");
      const spent = await spendLinkToken(db, token, ["password_reset"]);
      if (!spent || spent.userId === null) throw BadRequest("link_invalid");
      const record = await requireUser(spent.userId);
      await assertStrong(password, record.user);
      // Verified first: its rule drops an earlier password, never the one chosen here.
      await q.markEmailVerified(db, spent.userId, { keepPassword: false });
      await q.setPasswordHash(db, spent.userId, await hashPassword(password));
      await endAllSessions(spent.userId);
      const extra = (spent.payload.additionalQueryStrings ?? {}) as AdditionalQueryStrings;
      return { userId: spent.userId, redirectTo: returnPath(extra, false) };
    },

    /**
     * Signs in with a provider's verified identity. Accounts are keyed on the provider's subject; a
     * social account joins an existing user only when the provider vouches for the e-mail.
     */
    async signInWithSocialProfile(profile: SocialProfile): Promise<{ userId: number; needsTerms: boolean }> {
      const signedIn = await db.transaction(async (tx) => {
        const known = await q.findAccountBySubject(tx, profile.provider, profile.subject);
        let userId = known?.userId ?? null;
        if (userId === null) {
          const existing = await q.findUserByEmail(tx, profile.email);
          if (existing && !profile.emailVerified) throw Conflict("social_account");
          userId =
            existing?.user.id ??
            (await q.insertUser(tx, {
              email: profile.email,
              firstName: profile.firstName.slice(0, 50),
              lastName: profile.lastName.slice(0, 50),
              passwordHash: null,
              emailVerified: profile.emailVerified,
              tosAccepted: false,
              profilePhoto: profile.photo,
            }));
          if (userId === null) throw Conflict("social_account");
          await q.upsertAccount(tx, {
            email: profile.email,
            id: profile.subject,
            provider: profile.provider,
            userId,
            issuer: profile.issuer,
          });
        }
        // As with an e-mailed link: a newly proven inbox ends what whoever typed it set up before.
        const firstProof =
          profile.emailVerified && (await q.markEmailVerified(tx, userId, { keepPassword: false }));
        const record = await q.findUserById(tx, userId);
        return { userId, needsTerms: record?.user.tosAccepted == null, firstProof };
      });
      if (signedIn.firstProof) await endAllSessions(signedIn.userId);
      return { userId: signedIn.userId, needsTerms: signedIn.needsTerms };
    },
  };
}
