import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import { carryBrowserGrants } from "../unlisted/grants";
import * as q from "./queries";

// A browser's sign-in: the session cookie (its value the secret, only its hash stored in user_sessions),
// started and ended here for every way of signing in.

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface CookiePolicy {
  /** Served over https: cookies are Secure and take the `__Host-` prefix (bound to this origin, path /). */
  secure: boolean;
  sessionCookie: string;
  csrfCookie: string;
  /** Binds an OAuth sign-in to the browser that started it (login CSRF, RFC 6749 §10.12). */
  oauthCookie: string;
  /** Holds the grants of unlisted events this browser opened by their code (kernel/unlisted). */
  browserCookie: string;
  /** The server's headless recorder's credential (COMPOSITOR=server; kernel/recorder). */
  recorderCookie: string;
}

export function cookiePolicy(publicUrl: string): CookiePolicy {
  const secure = publicUrl.startsWith("https:");
  const prefix = secure ? "__Host-" : "";
  return {
    secure,
    sessionCookie: `${prefix}onstage_session`,
    csrfCookie: `${prefix}onstage_csrf`,
    oauthCookie: `${prefix}onstage_oauth`,
    browserCookie: `${prefix}onstage_browser`,
    recorderCookie: `${prefix}onstage_recorder`,
  };
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

export async function userIdForSession(db: Queryable, sessionId: string): Promise<number | null> {
  return (await q.findSession(db, hashSessionId(sessionId)))?.userId ?? null;
}

/** What starting and ending a browser's session needs. */
export interface SessionDeps {
  db: Queryable;
  policy: CookiePolicy;
  realtime: Pick<Realtime, "endSessions">;
}

/** Deletes the session behind a cookie, and closes its sockets and drops it from every node's cache. */
async function dropSession(
  { db, realtime }: Pick<SessionDeps, "db" | "realtime">,
  sessionId: string,
): Promise<void> {
  const sessionHash = hashSessionId(sessionId);
  await q.deleteSession(db, sessionHash);
  realtime.endSessions({ sessionHash });
}

/**
 * Signs the user in with a brand-new session id (never reusing the one the browser had, against
 * session fixation); only its hash is stored.
 */
export async function startSession(
  deps: SessionDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const { db, policy } = deps;
  const previous = req.cookies[policy.sessionCookie];
  if (previous) await dropSession(deps, previous);
  const sessionId = randomBytes(32).toString("base64url");
  await q.insertSession(db, {
    sessionHash: hashSessionId(sessionId),
    userId,
    userAgent: (req.headers["user-agent"] ?? "").slice(0, 300),
    ttlMs: SESSION_TTL_MS,
  });
  reply.setCookie(policy.sessionCookie, sessionId, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: policy.secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
  req.viewerUserId = userId;
  if (req.browserKey !== null) await carryBrowserGrants(db, req.browserKey, userId);
}

/**
 * Signs this browser out: the row goes, so the old cookie is refused even if replayed, and its open
 * sockets must not keep the signed-in user's topics.
 */
export async function endSession(deps: SessionDeps, req: FastifyRequest, reply: FastifyReply) {
  const { policy } = deps;
  const current = req.cookies[policy.sessionCookie];
  if (current) await dropSession(deps, current);
  reply.clearCookie(policy.sessionCookie, {
    path: "/",
    secure: policy.secure,
    httpOnly: true,
    sameSite: "lax",
  });
  req.viewerUserId = null;
}

/**
 * Issue 10 §1.7: the one way to end a user's sessions (sign-out everywhere, a new password, a first
 * proof of the inbox). The rows go, and so do the sockets opened with them, on every node; `keep` is
 * the session of the request that asked, when it stays signed in. Call it after the transaction that
 * decided it commits: a socket reconnecting before then would still find its session.
 */
export async function endUserSessions(
  db: Queryable,
  realtime: Pick<Realtime, "endSessions">,
  userId: number,
  keep?: { sessionId: string },
): Promise<void> {
  const ended = await q.deleteUserSessions(db, userId, keep ? hashSessionId(keep.sessionId) : "");
  for (const sessionHash of ended) realtime.endSessions({ sessionHash });
}
