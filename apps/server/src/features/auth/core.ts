import {
  type AdditionalQueryStrings,
  BadRequest,
  type CurrentUser,
  type SocialProvider,
  safeRedirect,
  Unauthorized,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { endUserSessions } from "../../kernel/identity/user-sessions";
import type { Database } from "../../platform/database";
import type { MailMessage } from "../../platform/mail/mailer";
import type { Realtime } from "../../platform/realtime/port";
import type { AuthMails } from "./mail-jobs";
import { magicLinkMail } from "./mails";
import { isWeakPassword } from "./passwords";
import type { LinkPurpose } from "./queries";
import * as q from "./queries";
import { countAttempt, isOverLimit, type ThrottleKey } from "./throttle";
import { issueLinkToken, LINK_TOKEN_TTL_MINUTES } from "./tokens";

export interface AuthDeps {
  db: Database;
  mails: Pick<AuthMails, "send">;
  publicUrl: string;
  log: FastifyBaseLogger;
  realtime: Pick<Realtime, "endSessions" | "publish">;
}

/** Who is asking, for throttling: the address the request came from. */
export interface Caller {
  address: string;
}

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
  const url = new URL(safeRedirect(extra.redirectTo), "http://onstage.invalid");
  for (const key of ["register", "firstName", "lastName", "eventId", "couponName"] as const) {
    const value = extra[key];
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  if (emailVerified) url.searchParams.set("emailVerified", "true");
  return safeRedirect(`${url.pathname}${url.search}`);
}

/** What the sign-in and account actions share: ports and the helpers around links, mail and users. */
export function authCore({ db, mails, publicUrl, log, realtime }: AuthDeps) {
  const linkUrl = (token: string, purpose: LinkPurpose) =>
    `${publicUrl}/auth/link#token=${token}&purpose=${purpose}`;

  // Mail is queued once the answer is decided; the jobs worker delivers it (and retries), so an answer
  // never waits on (or reveals) delivery.
  const deliver = (message: MailMessage) => mails.send(message);

  // Whether an address has an account must not show in how long the answer takes: the lookup and
  // the mail happen after the response.
  // Tracked, so a server that closes finishes them before its database goes.
  const background = new Set<Promise<void>>();
  const inBackground = (work: () => Promise<void>) => {
    const running: Promise<void> = work()
      .catch((error: unknown) => log.error({ err: error }, "background sign-in mail failed"))
      .finally(() => background.delete(running));
    background.add(running);
  };
  const settled = async () => {
    await Promise.all(background);
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

  async function assertStrong(
    password: string,
    user: { email: string; firstName: string; lastName: string },
  ) {
    if (await isWeakPassword(password, [user.email, user.firstName, user.lastName]))
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
    await deliver(
      magicLinkMail({
        to: user.email,
        firstName: user.firstName,
        link: linkUrl(token, "magic_link"),
        action,
        minutesValid: LINK_TOKEN_TTL_MINUTES,
      }),
    );
  }

  /** Ends the user's sessions and their sockets (all, or all but the asking request's). */
  const endAllSessions = (userId: number, keep?: { sessionId: string }) =>
    endUserSessions(db, realtime, userId, keep);

  /**
   * Issue 10 §1.1: the first proof of the inbox ends every session opened before by whoever typed the
   * address, and their password (q.markEmailVerified). `viaOwnSession`: the proof came from a browser
   * signed in to this very account, so the password is the prover's own (docs/decisions.md).
   */
  async function proveInbox(userId: number, viaOwnSession: boolean) {
    if (await q.markEmailVerified(db, userId, { keepPassword: viaOwnSession })) await endAllSessions(userId);
  }

  return {
    db,
    realtime,
    linkUrl,
    deliver,
    inBackground,
    settled,
    mailableUser,
    requireUser,
    assertStrong,
    sendMagicLink,
    endAllSessions,
    proveInbox,
  };
}

export type AuthCore = ReturnType<typeof authCore>;
