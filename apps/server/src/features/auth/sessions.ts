import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Queryable, statement } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import { carryBrowserGrants } from "../events/unlisted";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface CookiePolicy {
  /** Served over https: cookies are Secure and take the `__Host-` prefix (bound to this origin, path /). */
  secure: boolean;
  sessionCookie: string;
  csrfCookie: string;
  /** Binds an OAuth sign-in to the browser that started it (login CSRF, RFC 6749 §10.12). */
  oauthCookie: string;
  /** Holds the grants of unlisted events this browser opened by their code (events/unlisted.ts). */
  browserCookie: string;
  /** The server's headless recorder's credential (COMPOSITOR=server; auth/recorder.ts). */
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

const FIND_SESSION = statement(
  "find_session",
  "SELECT user_id, expires_at FROM user_sessions WHERE id_hash = $1 AND expires_at > now()",
);

/** The live session behind a cookie's hash, or null (unknown, signed out or expired). */
export async function findSession(
  db: Queryable,
  sessionHash: string,
): Promise<{ userId: number; expiresAt: Date } | null> {
  const [row] = await db.query<{ user_id: number; expires_at: Date }>(FIND_SESSION, [sessionHash]);
  return row ? { userId: row.user_id, expiresAt: row.expires_at } : null;
}

export async function userIdForSession(db: Queryable, sessionId: string): Promise<number | null> {
  return (await findSession(db, hashSessionId(sessionId)))?.userId ?? null;
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
  await db.query("DELETE FROM user_sessions WHERE id_hash = $1", [sessionHash]);
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
  await db.query(
    `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, user_agent, expires_at)
     VALUES ($1, $2, '', $3, now() + $4 * interval '1 millisecond')`,
    [hashSessionId(sessionId), userId, (req.headers["user-agent"] ?? "").slice(0, 300), SESSION_TTL_MS],
  );
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
  const ended = await db.query<{ id_hash: string }>(
    "DELETE FROM user_sessions WHERE user_id = $1 AND id_hash <> $2 RETURNING id_hash",
    [userId, keep ? hashSessionId(keep.sessionId) : ""],
  );
  for (const { id_hash } of ended) realtime.endSessions({ sessionHash: id_hash });
}
