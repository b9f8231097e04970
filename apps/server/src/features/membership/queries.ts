import type { Queryable } from "../../platform/database";

// Typed SQL of the membership gate: the event's tier and the channel's campaign.

export interface GatedEvent {
  id: number;
  eventCode: string;
  title: string;
  access: string;
  currency: string;
  tierAmountCents: number | null;
  organizationId: number;
  patreonCampaignId: string | null;
  isGone: boolean;
}

export async function findGatedEvent(db: Queryable, eventId: number): Promise<GatedEvent | null> {
  const [r] = await db.query<{
    id: number;
    event_code: string;
    title: string;
    access: string;
    event_ticket_currency: string;
    patreon_tier_amount_cents: number | null;
    organization_id: number;
    patreon_campaign_id: string | null;
    is_gone: boolean;
  }>(
    `SELECT e.id, e.event_code, e.title, e.access, e.event_ticket_currency, e.patreon_tier_amount_cents,
            e.organization_id, o.patreon_campaign_id,
            (e.deleted_at IS NOT NULL OR e.archived_at IS NOT NULL OR o.deleted_at IS NOT NULL) AS is_gone
     FROM events e JOIN organizations o ON o.id = e.organization_id WHERE e.id = $1`,
    [eventId],
  );
  if (!r) return null;
  return {
    id: r.id,
    eventCode: r.event_code,
    title: r.title,
    access: r.access,
    currency: r.event_ticket_currency,
    tierAmountCents: r.patreon_tier_amount_cents,
    organizationId: r.organization_id,
    patreonCampaignId: r.patreon_campaign_id,
    isGone: r.is_gone,
  };
}
