import type { Queryable } from "../database";

// What the membership gates keep: the TEST MODE gate's pretend pledges, and the Patreon gate's tokens.

export async function findTestPledge(
  db: Queryable,
  userId: number,
  organizationId: number,
): Promise<number | null> {
  const [r] = await db.query<{ amount_cents: number }>(
    "SELECT amount_cents FROM test_membership_pledges WHERE user_id = $1 AND organization_id = $2",
    [userId, organizationId],
  );
  return r?.amount_cents ?? null;
}

export async function saveTestPledge(
  db: Queryable,
  userId: number,
  organizationId: number,
  amountCents: number,
): Promise<void> {
  await db.query(
    `INSERT INTO test_membership_pledges (user_id, organization_id, amount_cents) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, organization_id) DO UPDATE SET amount_cents = EXCLUDED.amount_cents, updated_at = now()`,
    [userId, organizationId, amountCents],
  );
}

/** Kept at Patreon sign-in (stored as is: it reads identity and memberships only; docs/decisions.md). */
export async function keepPatreonToken(
  db: Queryable,
  sign: { userId: number; subject: string; accessToken: string },
): Promise<void> {
  await db.query(
    "UPDATE accounts SET access_token = $3, updated_at = now() WHERE provider = 'patreon' AND user_id = $1 AND id = $2",
    [sign.userId, sign.subject, sign.accessToken],
  );
}

/** The newest Patreon token the user left at sign-in, or null. */
export async function patreonAccessToken(db: Queryable, userId: number): Promise<string | null> {
  const [r] = await db.query<{ access_token: string }>(
    `SELECT access_token FROM accounts WHERE user_id = $1 AND provider = 'patreon' AND access_token IS NOT NULL
     ORDER BY updated_at DESC LIMIT 1`,
    [userId],
  );
  return r?.access_token ?? null;
}
