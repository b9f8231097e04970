import type { DashChannelEntry, OrgRole } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

interface ChannelRow {
  id: number;
  name: string;
  channel_name: string;
  profile_image: string | null;
  description: string | null;
  patreon_campaign_id: string | null;
  role: OrgRole;
  event_count: number;
}

const ENTRY = `
  SELECT o.id, o.name, o.channel_name, o.profile_image, o.description, o.patreon_campaign_id, om.role,
         (SELECT count(*)::int FROM events e WHERE e.organization_id = o.id AND e.deleted_at IS NULL) AS event_count
    FROM organization_members om
    JOIN organizations o ON o.id = om.organization_id AND o.deleted_at IS NULL
   WHERE om.user_id = $1`;

const toEntry = (r: ChannelRow): DashChannelEntry => ({
  channel: {
    id: r.id,
    name: r.name,
    channelName: r.channel_name,
    profileImage: r.profile_image,
    description: r.description,
    patreonCampaignId: r.patreon_campaign_id,
  },
  role: r.role,
  eventCount: r.event_count,
});

export async function listMyChannels(db: Queryable, userId: number): Promise<DashChannelEntry[]> {
  const rows = await db.query<ChannelRow>(`${ENTRY} ORDER BY lower(o.name), o.id`, [userId]);
  return rows.map(toEntry);
}

export async function findMyChannel(
  db: Queryable,
  userId: number,
  channelId: number,
): Promise<DashChannelEntry | null> {
  const [row] = await db.query<ChannelRow>(`${ENTRY} AND o.id = $2`, [userId, channelId]);
  return row ? toEntry(row) : null;
}

/** Null when the channel name is taken (by any channel, deleted ones included). */
export async function insertChannel(
  db: Queryable,
  input: { name: string; channelName: string },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO organizations (name, channel_name) VALUES ($1, $2)
     ON CONFLICT (channel_name) DO NOTHING RETURNING id`,
    [input.name, input.channelName],
  );
  return row?.id ?? null;
}

const FREE_TRIAL_PLAN = { title: "Free trial", totalMonthlyHours: 5 } as const;

/** The 'Free trial' plan, created on first use (the demo data may have made it already). */
export async function freeTrialPlanId(db: Queryable): Promise<number> {
  await db.query(
    `INSERT INTO plans (title, is_free_trial, total_monthly_hours) VALUES ($1, true, $2)
     ON CONFLICT (title) DO NOTHING`,
    [FREE_TRIAL_PLAN.title, FREE_TRIAL_PLAN.totalMonthlyHours],
  );
  const [row] = await db.query<{ id: number }>("SELECT id FROM plans WHERE title = $1", [
    FREE_TRIAL_PLAN.title,
  ]);
  if (!row) throw new Error("free trial plan missing");
  return row.id;
}

export async function insertSubscription(
  db: Queryable,
  input: { organizationId: number; planId: number; start: Date },
): Promise<void> {
  await db.query("INSERT INTO subscriptions (organization_id, plan_id, start_date) VALUES ($1, $2, $3)", [
    input.organizationId,
    input.planId,
    input.start,
  ]);
}

export async function insertMember(
  db: Queryable,
  input: { organizationId: number; userId: number; role: OrgRole },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (organization_id, user_id) DO NOTHING RETURNING user_id`,
    [input.organizationId, input.userId, input.role],
  );
  return rows.length > 0;
}
