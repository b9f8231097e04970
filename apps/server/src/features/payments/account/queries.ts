import type { Queryable } from "../../../platform/database";

// Typed SQL of a channel's payment account (organizations.stripe_connect_id, spec 3 §3).

export interface StoredAccount {
  accountId: string | null;
  chargesEnabled: boolean;
}

/** Null when the channel does not exist. */
export async function findAccount(db: Queryable, organizationId: number): Promise<StoredAccount | null> {
  const [r] = await db.query<{ stripe_connect_id: string | null; stripe_connect_charges_enabled: boolean }>(
    "SELECT stripe_connect_id, stripe_connect_charges_enabled FROM organizations WHERE id = $1",
    [organizationId],
  );
  return r ? { accountId: r.stripe_connect_id, chargesEnabled: r.stripe_connect_charges_enabled } : null;
}

/** Keeps the first account a channel got: two owners connecting at once end with one account. */
export async function setAccountIfNone(
  db: Queryable,
  organizationId: number,
  accountId: string,
): Promise<void> {
  await db.query(
    `UPDATE organizations SET stripe_connect_id = $2, stripe_connect_charges_enabled = false
      WHERE id = $1 AND stripe_connect_id IS NULL`,
    [organizationId, accountId],
  );
}

/** What the provider says of an account, on every channel connected to it. */
export async function setChargesEnabled(db: Queryable, accountId: string, enabled: boolean): Promise<void> {
  await db.query(
    "UPDATE organizations SET stripe_connect_charges_enabled = $2 WHERE stripe_connect_id = $1",
    [accountId, enabled],
  );
}

export async function clearAccount(db: Queryable, organizationId: number): Promise<void> {
  await db.query(
    `UPDATE organizations SET stripe_connect_id = NULL, stripe_connect_charges_enabled = false WHERE id = $1`,
    [organizationId],
  );
}

/** The connected account that takes an event's payments, or null (not connected, or onboarding unfinished). */
export async function eventPayee(db: Queryable, eventId: number): Promise<string | null> {
  const [r] = await db.query<{ stripe_connect_id: string | null }>(
    `SELECT o.stripe_connect_id FROM events e JOIN organizations o ON o.id = e.organization_id
      WHERE e.id = $1 AND o.stripe_connect_charges_enabled`,
    [eventId],
  );
  return r?.stripe_connect_id ?? null;
}
