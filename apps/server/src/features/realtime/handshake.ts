import type { IncomingMessage } from "node:http";
import { fastifyCookie } from "@fastify/cookie";
import type { FastifyBaseLogger } from "fastify";
import { type CookiePolicy, hashSessionId, userIdForSession } from "../../kernel/identity/user-sessions";
import { recorderScope } from "../../kernel/recorder/credential";
import { hashBrowserId } from "../../kernel/unlisted/grants";
import type { Database } from "../../platform/database";
import type { RealtimeSocket } from "./socket";

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/** This site's origin; on a loopback address also its other loopback names (a laptop's 127.0.0.1 tab). */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  if (!LOOPBACK.includes(url.hostname)) return new Set([url.origin]);
  return new Set(
    LOOPBACK.map((hostname) => {
      const alias = new URL(url.origin);
      alias.hostname = hostname;
      return alias.origin;
    }),
  );
}

/**
 * Issue 6 item 7: only pages of this site may open the socket (another site's page would ride on the
 * visitor's cookie). Browsers always send Origin on a WebSocket upgrade, so a missing one is refused
 * too; other clients (benchmark, tests) set it.
 */
export function allowOrigin(publicUrl: string) {
  const origins = allowedOrigins(publicUrl);
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const allowed = origins.has(req.headers.origin ?? "");
    callback(allowed ? null : "origin not allowed", allowed);
  };
}

/**
 * The connection's viewer comes from the session cookie, once, at the handshake; no cookie or an
 * unknown one is a visitor. Nothing a client sends later can change it.
 */
export function identifyViewer(db: Database, policy: CookiePolicy, log: FastifyBaseLogger) {
  return async (socket: RealtimeSocket, next: (err?: Error) => void) => {
    try {
      const cookies = fastifyCookie.parse(socket.request.headers.cookie ?? "");
      const sessionId = cookies[policy.sessionCookie];
      const browserId = cookies[policy.browserCookie];
      socket.data.browserKey = browserId ? hashBrowserId(browserId) : null;
      socket.data.userId = sessionId ? await userIdForSession(db, sessionId) : null;
      socket.data.sessionHash = sessionId && socket.data.userId !== null ? hashSessionId(sessionId) : null;
      socket.data.recorder = null;
      socket.data.topics = {};
      const recorder = cookies[policy.recorderCookie];
      if (recorder && socket.data.userId === null) await identifyRecorder(db, socket, recorder);
      next();
    } catch (err) {
      log.error({ err }, "realtime handshake failed");
      next(new Error("internal"));
    }
  };
}

/** The server's recorder speaks for its user, scoped; revoking it closes the socket (its hash's room). */
async function identifyRecorder(db: Database, socket: RealtimeSocket, secret: string): Promise<void> {
  const scope = await recorderScope(db, secret);
  if (!scope) return;
  socket.data.userId = scope.userId;
  socket.data.sessionHash = scope.hash;
  socket.data.recorder = { sessionId: scope.sessionId, eventId: scope.eventId };
}
