import { describe, expect, test } from "vitest";
import { membershipRefusalMessage, pledgeMeetsTier } from "./rules";

describe("pledgeMeetsTier", () => {
  test.each([
    { case: "no pledge", pledge: null, tier: 500, want: false },
    { case: "below the tier", pledge: 499, tier: 500, want: false },
    { case: "exactly the tier", pledge: 500, tier: 500, want: true },
    { case: "above the tier", pledge: 1000, tier: 500, want: true },
    { case: "free tier, no pledge", pledge: null, tier: 0, want: false },
    { case: "free tier, zero pledge", pledge: 0, tier: 0, want: true },
  ])("$case → $want", ({ pledge, tier, want }) => {
    expect(pledgeMeetsTier(pledge, tier)).toBe(want);
  });
});

describe("membershipRefusalMessage", () => {
  const disconnected =
    "This host's Patreon integration has been disconnected, please reach out to the host or support for further assistance.";
  const insufficient =
    "User still doesn't meet minimum tier requirements. If you believe this is a mistake, please email support";
  test.each([
    { case: "campaign not found", code: "PATREON_CAMPAIGN_ID_NOT_FOUND", reason: "x", want: disconnected },
    { case: "insufficient, no reason", code: "INSUFFICIENT_TIER", reason: undefined, want: insufficient },
    { case: "insufficient, blank reason", code: "INSUFFICIENT_TIER", reason: " ", want: insufficient },
    {
      case: "insufficient, server reason",
      code: "INSUFFICIENT_TIER",
      reason: "Pledge $5",
      want: "Pledge $5",
    },
  ] as const)("$case", ({ code, reason, want }) => {
    expect(membershipRefusalMessage(code, reason)).toBe(want);
  });
});
