import { pledgeMeetsTier } from "@onstage/domain";
import type { Queryable } from "../database";
import type { MembershipGate } from "./gate";
import { findTestPledge } from "./queries";

export const TEST_MEMBERSHIP_PATH = "/payments/test-membership";

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
