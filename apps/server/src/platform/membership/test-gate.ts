import { pledgeMeetsTier } from "@onstage/domain";
import type { Queryable } from "../database";
import type { MembershipGate } from "./gate";

export const TEST_MEMBERSHIP_PATH = "/payments/test-membership";

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

/**
 * The embedded default: a user's pretend monthly pledge to the channel, chosen on the TEST MODE page,
 * against the event's tier. No campaign is needed.
 */
export function testMembershipGate(db: Queryable, publicUrl: string): MembershipGate {
  return {
    kind: "test",
    async check({ userId, eventId, tierAmountCents, organization }) {
      const pledge = await findTestPledge(db, userId, organization.id);
      if (pledgeMeetsTier(pledge, tierAmountCents)) return { isValid: true };
      return {
        isValid: false,
        code: "INSUFFICIENT_TIER",
        subscribeUrl: `${publicUrl}${TEST_MEMBERSHIP_PATH}?event_id=${eventId}`,
      };
    },
  };
}
