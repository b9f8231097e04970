import { randomBytes } from "node:crypto";
import type { Queryable } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import { hashSessionId } from "../identity/user-sessions";
import type { RecorderGrant, RecorderScope } from "./queries";
import * as q from "./queries";

// COMPOSITOR=server (issue 11 §3, docs/decisions.md): the server's headless recorder signs in with a
// credential of its own, never a user session. It speaks for the user who went live, and only where
// the recorder page needs it (recorderReads over HTTP, the realtime socket, the compositor socket),
// only for that session, and only while the stream it was made for is on air.

/** A cap for a credential whose revocation was missed (the server died): no broadcast runs this long. */
const RECORDER_TTL_HOURS = 24;

/** A new credential for the session's stream; only the server's own browser is given the secret. */
export async function issueRecorderCredential(db: Queryable, grant: RecorderGrant): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await q.insertCredential(db, hashSessionId(secret), grant, RECORDER_TTL_HOURS);
  return secret;
}

/** The credential's scope while its stream is on air and its session broadcasts, else null. */
export async function recorderScope(db: Queryable, secret: string): Promise<RecorderScope | null> {
  return q.findOnAirCredential(db, hashSessionId(secret));
}

/**
 * Who each recorder whose stream is still on air spoke for: the server stopped while it ran (the
 * secrets went with its browsers), and starting again brings the recorders back.
 */
export const onAirRecorderGrants = q.onAirGrants;

/** Deletes the session's recorder credentials and closes the sockets opened with them, on every node. */
export async function revokeRecorderCredentials(
  db: Queryable,
  realtime: Pick<Realtime, "endSessions">,
  sessionId: number,
): Promise<void> {
  for (const sessionHash of await q.deleteSessionCredentials(db, sessionId))
    realtime.endSessions({ sessionHash });
}

/**
 * The GET routes the recorder page reads as the user it speaks for, each only for its own session
 * (keyed by the route's pattern); anywhere else it is a visitor. It never changes anything over HTTP.
 */
const RECORDER_READS: Record<string, (scope: RecorderScope, params: Record<string, unknown>) => boolean> = {
  "/api/me": () => true,
  "/api/events/by-code/:eventCode": (scope, params) => params.eventCode === scope.eventCode,
  // The recorder page itself, rendered with what the two reads above answer (share-preview/first-page.ts).
  "/c/*": (scope, params) => String(params["*"]).split("/")[0] === scope.eventCode,
  "/api/video-session/playback": (scope, params) => Number(params.video_session_id) === scope.sessionId,
  // Issue 12: the question on stage comes with the room's session, drawn into the program.
  "/api/video-session/room": (scope, params) => Number(params.video_session_id) === scope.sessionId,
  // Issue 24: the brand and the title on air are drawn into the program too.
  "/api/video-session/studio": (scope, params) => Number(params.video_session_id) === scope.sessionId,
  // Issue 27: the program it composes goes to the viewers who watch in real time (LiveKit's Egress page).
  "/api/video-session/program-publisher": (scope, params) =>
    Number(params.video_session_id) === scope.sessionId,
};

/** Whether a read (GET) with the recorder credential is read as its user: a listed read of its session. */
export function recorderReads(
  scope: RecorderScope,
  route: string | undefined,
  params: Record<string, unknown>,
): boolean {
  const read = route ? RECORDER_READS[route] : undefined;
  return read?.(scope, params) ?? false;
}
