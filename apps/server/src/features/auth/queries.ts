import type { CurrentUser, SignInProvider } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  bio: string | null;
  password_hash: string | null;
  email_verified_at: Date | null;
  tos_accepted: Date | null;
}

export interface UserRecord {
  user: CurrentUser;
  passwordHash: string | null;
}

const USER_COLUMNS =
  "id, email, first_name, last_name, profile_photo, bio, password_hash, email_verified_at, tos_accepted";

function toRecord(row: UserRow): UserRecord {
  return {
    passwordHash: row.password_hash,
    user: {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      profilePhoto: row.profile_photo,
      bio: row.bio,
      hasPassword: row.password_hash !== null,
      emailVerified: row.email_verified_at !== null,
      tosAccepted: row.tos_accepted?.toISOString() ?? null,
    },
  };
}

export async function findUserById(db: Queryable, userId: number): Promise<UserRecord | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return row ? toRecord(row) : null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  return row ? toRecord(row) : null;
}

export async function findCurrentUser(db: Queryable, userId: number): Promise<CurrentUser | null> {
  return (await findUserById(db, userId))?.user ?? null;
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  emailVerified: boolean;
  tosAccepted: boolean;
  profilePhoto?: string | null;
}

/** Creates the user; null when the e-mail is taken (a concurrent sign-up won). */
export async function insertUser(db: Queryable, u: NewUser): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, first_name, last_name, password_hash, email_verified_at, tos_accepted, profile_photo)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END, $7)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      u.email,
      u.firstName,
      u.lastName,
      u.passwordHash,
      u.emailVerified,
      u.tosAccepted,
      u.profilePhoto ?? null,
    ],
  );
  return row?.id ?? null;
}

/**
 * Spec 3 §7 account upsert: all four values required; on a conflict of e-mail and provider only the
 * provider's id is updated. Returns user_id, provider, id and email.
 */
export async function upsertAccount(
  db: Queryable,
  account: { email: string; id: string; provider: SignInProvider; userId: number; issuer?: string | null },
): Promise<{ user_id: number; provider: SignInProvider; id: string; email: string }> {
  const [row] = await db.query<{ user_id: number; provider: SignInProvider; id: string; email: string }>(
    `INSERT INTO accounts (email, id, provider, user_id, issuer) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email, provider) DO UPDATE SET id = EXCLUDED.id, updated_at = now()
     RETURNING user_id, provider, id, email`,
    [account.email, account.id, account.provider, account.userId, account.issuer ?? null],
  );
  if (!row) throw new Error("account upsert returned no row");
  return row;
}

export async function findAccountBySubject(
  db: Queryable,
  provider: SignInProvider,
  subject: string,
): Promise<{ userId: number } | null> {
  const [row] = await db.query<{ user_id: number }>(
    "SELECT user_id FROM accounts WHERE provider = $1 AND id = $2",
    [provider, subject],
  );
  return row ? { userId: row.user_id } : null;
}

export async function listSignInAccounts(
  db: Queryable,
  userId: number,
): Promise<{ provider: SignInProvider; email: string; id: string }[]> {
  return db.query("SELECT provider, email, id FROM accounts WHERE user_id = $1 ORDER BY created_at", [
    userId,
  ]);
}

/**
 * Marks the e-mail verified; returns whether it was unverified until now. A password set before then was
 * chosen by whoever typed the address, not necessarily its owner: it goes unless `keepPassword`.
 */
export async function markEmailVerified(
  db: Queryable,
  userId: number,
  { keepPassword }: { keepPassword: boolean },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET email_verified_at = now(), updated_at = now(),
            password_hash = CASE WHEN $2 THEN password_hash END
      WHERE id = $1 AND email_verified_at IS NULL RETURNING id`,
    [userId, keepPassword],
  );
  return rows.length > 0;
}

export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [
    userId,
    passwordHash,
  ]);
}

export async function acceptTerms(db: Queryable, userId: number): Promise<void> {
  await db.query(
    "UPDATE users SET tos_accepted = coalesce(tos_accepted, now()), updated_at = now() WHERE id = $1",
    [userId],
  );
}

export async function updateProfile(
  db: Queryable,
  userId: number,
  fields: { firstName?: string; lastName?: string; bio?: string | null; profilePhoto?: string },
): Promise<void> {
  await db.query(
    `UPDATE users SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            bio = CASE WHEN $4::boolean THEN $5 ELSE bio END, profile_photo = coalesce($6, profile_photo),
            updated_at = now()
      WHERE id = $1`,
    [
      userId,
      fields.firstName ?? null,
      fields.lastName ?? null,
      fields.bio !== undefined,
      fields.bio ?? null,
      fields.profilePhoto ?? null,
    ],
  );
}

// auth_tokens: the mailed links (tokens.ts hashes them; only hashes are stored).

export type LinkPurpose = "magic_link" | "password_reset" | "verify_email" | "invite";

export interface SpentToken {
  purpose: LinkPurpose;
  email: string;
  userId: number | null;
  payload: Record<string, unknown>;
}

/** Voids the address's unused tokens of `purpose` whose payload holds `payload`'s values. */
export async function voidLinkTokens(
  db: Queryable,
  email: string,
  purpose: LinkPurpose,
  payload: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `UPDATE auth_tokens SET used_at = now()
      WHERE email = $1 AND purpose = $2 AND used_at IS NULL AND payload @> $3::jsonb`,
    [email, purpose, JSON.stringify(payload)],
  );
}

export async function insertLinkToken(
  db: Queryable,
  t: Omit<SpentToken, "payload"> & {
    tokenHash: string;
    payload: Record<string, unknown>;
    ttlMinutes: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO auth_tokens (token_hash, purpose, email, user_id, payload, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 minute')`,
    [t.tokenHash, t.purpose, t.email, t.userId, JSON.stringify(t.payload), t.ttlMinutes],
  );
}

/** Spends a live token of one of `purposes` exactly once: concurrent attempts race on one UPDATE. */
export async function spendLinkToken(
  db: Queryable,
  tokenHash: string,
  purposes: LinkPurpose[],
): Promise<SpentToken | null> {
  const [row] = await db.query<{
    purpose: LinkPurpose;
    email: string;
    user_id: number | null;
    payload: Record<string, unknown>;
  }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND purpose = ANY($2::text[])
      RETURNING purpose, email, user_id, payload`,
    [tokenHash, purposes],
  );
  return row ? { purpose: row.purpose, email: row.email, userId: row.user_id, payload: row.payload } : null;
}

// auth_throttle: attempts counted per key in a window (throttle.ts sets the limits).

export async function isAnyThrottleBlocked(db: Queryable, keys: string[]): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM auth_throttle WHERE key = ANY($1::text[]) AND blocked_until > now()",
    [keys],
  );
  return rows.length > 0;
}

/** Counts a failure against the key in its window (a window past `windowMinutes` starts anew); returns the count. */
export async function countThrottleFailure(
  db: Queryable,
  key: string,
  windowMinutes: number,
): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    `INSERT INTO auth_throttle (key, failures, window_start) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN auth_throttle.window_start < now() - $2 * interval '1 minute' THEN 1
                       ELSE auth_throttle.failures + 1 END,
       window_start = CASE WHEN auth_throttle.window_start < now() - $2 * interval '1 minute' THEN now()
                           ELSE auth_throttle.window_start END
     RETURNING failures`,
    [key, windowMinutes],
  );
  return row?.failures ?? 0;
}

/** Blocks the key for the rest of its window. */
export async function blockThrottleKey(db: Queryable, key: string, windowMinutes: number): Promise<void> {
  await db.query(
    "UPDATE auth_throttle SET blocked_until = window_start + $2 * interval '1 minute' WHERE key = $1",
    [key, windowMinutes],
  );
}

export async function deleteThrottleKeys(db: Queryable, keys: string[]): Promise<void> {
  await db.query("DELETE FROM auth_throttle WHERE key = ANY($1::text[])", [keys]);
}
