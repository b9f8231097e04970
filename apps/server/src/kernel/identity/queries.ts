import { type Queryable, statement } from "../../platform/database";

// user_sessions: a browser's sign-in, kept by the hash of its cookie's value.

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

export async function insertSession(
  db: Queryable,
  session: { sessionHash: string; userId: number; userAgent: string; ttlMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO user_sessions (id_hash, user_id, csrf_secret, user_agent, expires_at)
     VALUES ($1, $2, '', $3, now() + $4 * interval '1 millisecond')`,
    [session.sessionHash, session.userId, session.userAgent, session.ttlMs],
  );
}

export async function deleteSession(db: Queryable, sessionHash: string): Promise<void> {
  await db.query("DELETE FROM user_sessions WHERE id_hash = $1", [sessionHash]);
}

/** Deletes the user's sessions but the one hashed `keepHash`; returns the hashes of those it deleted. */
export async function deleteUserSessions(db: Queryable, userId: number, keepHash: string): Promise<string[]> {
  const rows = await db.query<{ id_hash: string }>(
    "DELETE FROM user_sessions WHERE user_id = $1 AND id_hash <> $2 RETURNING id_hash",
    [userId, keepHash],
  );
  return rows.map((row) => row.id_hash);
}
