import {
  type AdditionalQueryStrings,
  BadRequest,
  Conflict,
  type CurrentUser,
  type LookupAccountResponse,
  NotFound,
  nameRefusal,
  type SignUpRequest,
  type SocialProvider,
  signUpRefusal,
  Unauthorized,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import type { Mailer, MailMessage } from "../../platform/mail/mailer";
import { magicLinkMail, passwordResetMail, verifyEmailMail } from "./mails";
import { hashPassword, isWeakPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import * as q from "./queries";
import { assertNotThrottled, clearThrottle, countAttempt, isOverLimit, type ThrottleKey } from "./throttle";
import { issueLinkToken, LINK_TOKEN_TTL_MINUTES, type LinkPurpose, spendLinkToken } from "./tokens";

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Who is asking, for throttling: the address the request came from. */
export interface Caller {
  address: string;
}

export function authService({ db, mailer, publicUrl, log }: AuthDeps) {
  const linkUrl = (token: string, purpose: LinkPurpose) =>
    `${publicUrl}/auth/link#token=${token}&purpose=${purpose}`;

  // Mail goes out after the response is decided, so an answer never waits on (or reveals) delivery.
  const deliver = (message: MailMessage) => {
    mailer
      .send(message)
      .catch((error: unknown) => log.error({ err: error, subject: message.subject }, "mail not sent"));
  };

  // Whether an address has an account must not show in how long the answer takes: the lookup and
  // the mail happen after the response.
  const inBackground = (work: () => Promise<void>) => {
    work().catch((error: unknown) => log.error({ err: error }, "background sign-in mail failed"));
  };

  /** The account behind an address, unless it has had its share of mail for this window. */
  async function mailableUser(email: string) {
    const mailKey: ThrottleKey = { scope: "mail", value: email };
    const record = await q.findUserByEmail(db, email);
    if (!record || (await isOverLimit(db, mailKey))) return null;
    await countAttempt(db, [mailKey]);
    return record;
  }

  async function requireUser(userId: number | null) {
    if (userId === null) throw Unauthorized();
    const record = await q.findUserById(db, userId);
    if (!record) throw Unauthorized();
    return record;
  }

  function assertStrong(password: string, user: { email: string; firstName: string; lastName: string }) {
    if (isWeakPassword(password, [user.email, user.firstName, user.lastName]))
      throw BadRequest("weak_password");
  }

  async function sendMagicLink(
    user: CurrentUser,
    action: "login" | "signup_confirm",
    extra: AdditionalQueryStrings | undefined,
  ) {
    const token = await issueLinkToken(db, {
      purpose: "magic_link",
      email: user.email,
      userId: user.id,
      payload: { action, additionalQueryStrings: extra ?? {} },
    });
    deliver(
      magicLinkMail({
        to: user.email,
        firstName: user.firstName,
        link: linkUrl(token, "magic_link"),
        action,
        minutesValid: LINK_TOKEN_TTL_MINUTES,
      }),
    );
  }

  /** A verified e-mail proves the inbox: sessions opened before by whoever typed the address end. */
  async function verifyEmail(userId: number) {
    if (await q.markEmailVerified(db, userId)) {
      await db.query("DELETE FROM user_sessions WHERE user_id = $1", [userId]);
    }
  }

  return {
    me: async (userId: number | null) => (userId === null ? null : q.findCurrentUser(db, userId)),

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
      if (input.password) assertStrong(input.password, input);
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
    async signInWithLink(token: string): Promise<{ userId: number; redirectTo: string }> {
      const spent = await spendLinkToken(db, token, ["magic_link", "verify_email"]);
      if (!spent || spent.userId === null) throw BadRequest("link_invalid");
      await verifyEmail(spent.userId);
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
      deliver(
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
        deliver(
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
      if (isWeakPassword(password, [])) throw BadRequest("weak_password");
      const spent = await spendLinkToken(db, token, ["password_reset"]);
      if (!spent || spent.userId === null) throw BadRequest("link_invalid");
      const record = await requireUser(spent.userId);
      assertStrong(password, record.user);
      await q.setPasswordHash(db, spent.userId, await hashPassword(password));
      await verifyEmail(spent.userId);
      await db.query("DELETE FROM user_sessions WHERE user_id = $1", [spent.userId]);
      const extra = (spent.payload.additionalQueryStrings ?? {}) as AdditionalQueryStrings;
      return { userId: spent.userId, redirectTo: returnPath(extra, false) };
    },

    /** Spec 1 §4: an invite token logs the user in, e-mail verified. */
    async acceptInvite(token: string, firstName: string, lastName: string): Promise<number> {
      const refusal = nameRefusal(firstName, "first") ?? nameRefusal(lastName, "last");
      if (refusal) throw BadRequest(refusal);
      const spent = await spendLinkToken(db, token, ["invite"]);
      if (!spent) throw BadRequest("link_invalid");
      return db.transaction(async (tx) => {
        const existing = await q.findUserByEmail(tx, spent.email);
        const userId =
          existing?.user.id ??
          (await q.insertUser(tx, {
            email: spent.email,
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            passwordHash: null,
            emailVerified: true,
            tosAccepted: false,
          }));
        if (userId === null) throw Conflict("account_exists");
        await q.markEmailVerified(tx, userId);
        await q.upsertAccount(tx, { email: spent.email, id: spent.email, provider: "email", userId });
        // Issue 5 §1: a channel's team invitation also makes the person a member of that channel.
        const { organizationId, role } = spent.payload;
        if (typeof organizationId === "number" && (role === "admin" || role === "member"))
          await q.joinInvitingChannel(tx, { organizationId, userId, role });
        return userId;
      });
    },

    /**
     * Signs in with a provider's verified identity. Accounts are keyed on the provider's subject; a
     * social account joins an existing user only when the provider vouches for the e-mail.
     */
    async signInWithSocialProfile(profile: SocialProfile): Promise<{ userId: number; needsTerms: boolean }> {
      return db.transaction(async (tx) => {
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
        // As with an e-mailed link: a newly proven inbox ends sessions opened before by whoever typed it.
        if (profile.emailVerified && (await q.markEmailVerified(tx, userId))) {
          await tx.query("DELETE FROM user_sessions WHERE user_id = $1", [userId]);
        }
        const record = await q.findUserById(tx, userId);
        return { userId, needsTerms: record?.user.tosAccepted == null };
      });
    },

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
      assertStrong(next, record.user);
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

export type AuthService = ReturnType<typeof authService>;

/** What a social provider tells us about the person, after the code exchange. */
export interface SocialProfile {
  provider: SocialProvider;
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  photo: string | null;
}

/** The page to return to, carrying the spec's additional query strings (spec 1 §7 magic link). */
export function returnPath(extra: AdditionalQueryStrings, emailVerified: boolean): string {
  const url = new URL(extra.redirectTo ?? "/", "http://onstage.invalid");
  for (const key of ["register", "firstName", "lastName", "eventId", "couponName"] as const) {
    const value = extra[key];
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  if (emailVerified) url.searchParams.set("emailVerified", "true");
  return `${url.pathname}${url.search}`;
}
