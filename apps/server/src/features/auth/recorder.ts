import { randomBytes } from "node:crypto";
import type { Queryable } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import { hashSessionId } from "./sessions";

// COMPOSITOR=server (issue 11 §3, docs/decisions.md): the server's headless recorder signs in with a
// credential of its own, never a user session. It speaks for the user who went live, and only where
// the recorder page needs it (recorderReads over HTTP, the realtime socket, the compositor socket),
// only for that session, and only while the stream it was made for is on air.

/** A cap for a credential whose revocation was missed (the server died): no broadcast runs this long. */
const RECORDER_TTL_HOURS = 24;

export interface RecorderScope {
  userId: number;
  sessionId: number;
  eventId: number;
  eventCode: string;
  streamId: number;
  /** The hash of the credential: its sockets share a room, closed when it is revoked. */
  hash: string;
}

/** A new credential for the session's stream; only the server's own browser is given the secret. */
export async function issueRecorderCredential(
  db: Queryable,
  grant: { userId: number; sessionId: number; streamId: number },
): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO recorder_credentials (id_hash, user_id, video_session_id, stream_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 hour')`,
    [hashSessionId(secret), grant.userId, grant.sessionId, grant.streamId, RECORDER_TTL_HOURS],
  );
  return secret;
}

/** Credentials (r) whose stream (t) is on air and whose session (s) broadcasts. */
const ON_AIR_CREDENTIALS = `recorder_credentials r
  JOIN video_session_streams t ON t.id = r.stream_id AND t.deleted_at IS NULL
   AND t.active_state IN ('countdown', 'recording', 'streaming')
  JOIN video_sessions s ON s.id = r.video_session_id AND s.deleted_at IS NULL AND s.state = 'broadcasting'
   AND r.expires_at > now()`;

/** The credential's scope while its stream is on air and its session broadcasts, else null. */
export async function recorderScope(db: Queryable, secret: string): Promise<RecorderScope | null> {
  const [row] = await db.query<{
    user_id: number;
    video_session_id: number;
    event_id: number;
    event_code: string;
    stream_id: number;
    id_hash: string;
  }>(
    `SELECT r.user_id, r.video_session_id, s.event_id, e.event_code, r.stream_id, r.id_hash
       FROM ${ON_AIR_CREDENTIALS}
       JOIN events e ON e.id = s.event_id AND e.deleted_at IS NULL
      WHERE r.id_hash = $1`,
    [hashSessionId(secret)],
  );
  if (!row) return null;
  return {
    userId: Number(row.user_id),
    sessionId: Number(row.video_session_id),
    eventId: Number(row.event_id),
    eventCode: row.event_code,
    streamId: Number(row.stream_id),
    hash: row.id_hash,
  };
}

/**
 * Who each recorder whose stream is still on air spoke for: the server stopped while it ran (the
 * secrets went with its browsers), and starting again brings the recorders back.
 */
export async function onAirRecorderGrants(
  db: Queryable,
): Promise<Array<{ userId: number; sessionId: number; streamId: number }>> {
  const rows = await db.query<{ user_id: number; video_session_id: number; stream_id: number }>(
    `SELECT DISTINCT r.user_id, r.video_session_id, r.stream_id FROM ${ON_AIR_CREDENTIALS}`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    sessionId: Number(row.video_session_id),
    streamId: Number(row.stream_id),
  }));
}

/** Deletes the session's recorder credentials and closes the sockets opened with them, on every node. */
export async function revokeRecorderCredentials(
  db: Queryable,
  realtime: Pick<Realtime, "endSessions">,
  sessionId: number,
): Promise<void> {
  const rows = await db.query<{ id_hash: string }>(
    "DELETE FROM recorder_credentials WHERE video_session_id = $1 RETURNING id_hash",
    [sessionId],
  );
  for (const { id_hash } of rows) realtime.endSessions({ sessionHash: id_hash });
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
