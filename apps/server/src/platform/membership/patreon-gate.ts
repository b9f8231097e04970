import { pledgeMeetsTier } from "@onstage/domain";
import { z } from "zod";
import type { Queryable } from "../database";
import { type MembershipGate, MembershipUnavailable } from "./gate";
import { patreonAccessToken } from "./queries";

const PATREON_API = "https://www.patreon.com";
const REQUEST_TIMEOUT_MS = 10_000;

/** Patreon API v2 identity with the user's memberships, their campaign and entitled tiers' amounts. */
export const PATREON_IDENTITY_PATH =
  "/api/oauth2/v2/identity?include=memberships.currently_entitled_tiers,memberships.campaign" +
  "&fields%5Btier%5D=amount_cents&fields%5Bmember%5D=patron_status";

const Ref = z.object({ id: z.string(), type: z.string() });
const Identity = z.object({
  included: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        attributes: z.record(z.string(), z.unknown()).nullish(),
        relationships: z
          .object({
            campaign: z.object({ data: Ref.nullish() }).nullish(),
            currently_entitled_tiers: z.object({ data: z.array(Ref).nullish() }).nullish(),
          })
          .nullish(),
      }),
    )
    .default([]),
});
type Included = z.infer<typeof Identity>["included"];

/** The highest monthly amount among the tiers the user is entitled to on this campaign, or null. */
export function entitledAmountCents(included: Included, campaignId: string): number | null {
  const tiers = new Map<string, number>();
  for (const item of included) {
    const amount = item.attributes?.amount_cents;
    if (item.type === "tier" && typeof amount === "number") tiers.set(item.id, amount);
  }
  let best: number | null = null;
  for (const member of included) {
    if (member.type !== "member" || member.relationships?.campaign?.data?.id !== campaignId) continue;
    // Former and declined patrons keep their membership record; only active ones count.
    const status = member.attributes?.patron_status;
    if (status !== undefined && status !== null && status !== "active_patron") continue;
    for (const ref of member.relationships?.currently_entitled_tiers?.data ?? []) {
      const amount = tiers.get(ref.id);
      if (amount !== undefined && (best === null || amount > best)) best = amount;
    }
  }
  return best;
}

/**
 * Patreon: the user's own token (kept when they signed in with Patreon) reads their memberships; the
 * channel's campaign id names the campaign whose tier must reach the event's.
 */
export function patreonGate(settings: { db: Queryable; apiBase?: string }): MembershipGate {
  const base = settings.apiBase ?? PATREON_API;
  return {
    kind: "patreon",
    async check({ userId, tierAmountCents, organization }) {
      if (!organization.patreonCampaignId) return { isValid: false, code: "PATREON_CAMPAIGN_ID_NOT_FOUND" };
      const token = await patreonAccessToken(settings.db, userId);
      if (!token) return { isValid: false, code: "NOT_CONNECTED" };
      let response: Response;
      try {
        response = await fetch(new URL(PATREON_IDENTITY_PATH, base), {
          headers: { authorization: `Bearer ${token}`, accept: "application/json" },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MembershipUnavailable(`Patreon identity request failed: ${String(error)}`);
      }
      // An expired or revoked token: the user signs in with Patreon again.
      if (response.status === 401) return { isValid: false, code: "NOT_CONNECTED" };
      if (!response.ok) throw new MembershipUnavailable(`Patreon identity answered ${response.status}`);
      const parsed = Identity.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new MembershipUnavailable("Patreon identity answer not understood");
      const amount = entitledAmountCents(parsed.data.included, organization.patreonCampaignId);
      return pledgeMeetsTier(amount, tierAmountCents)
        ? { isValid: true }
        : { isValid: false, code: "INSUFFICIENT_TIER" };
    },
  };
}
