import type { Follower } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// The followers table (001_accounts_and_channels.sql): one row per channel and user while they follow.

export interface FollowedChannel {
  id: number;
  name: string;
}

/** A channel that exists (not deleted). */
export async function findChannel(db: Queryable, channelId: number): Promise<FollowedChannel | null> {
  const [row] = await db.query<FollowedChannel>(
    "SELECT id::int, name FROM organizations WHERE id = $1 AND deleted_at IS NULL",
    [channelId],
  );
  return row ?? null;
}

/** When the user began following the channel; null when they do not follow it. */
export async function followedAt(db: Queryable, channelId: number, userId: number): Promise<Date | null> {
  const [row] = await db.query<{ created_at: Date }>(
    "SELECT created_at FROM followers WHERE organization_id = $1 AND user_id = $2",
    [channelId, userId],
  );
  return row?.created_at ?? null;
}

export async function follow(db: Queryable, channelId: number, userId: number): Promise<void> {
  await db.query(
    // To the millisecond, as an unfollow link names it.
    `INSERT INTO followers (organization_id, user_id, created_at)
     VALUES ($1, $2, date_trunc('milliseconds', now())) ON CONFLICT DO NOTHING`,
    [channelId, userId],
  );
}

/**
 * Ends the follow; with `since`, only the follow that began then (an unfollow link's, so a link from
 * before a new follow ends nothing). Answers whether a follow ended.
 */
export async function unfollow(
  db: Queryable,
  channelId: number,
  userId: number,
  since: Date | null = null,
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM followers
      WHERE organization_id = $1 AND user_id = $2
        AND ($3::timestamptz IS NULL OR date_trunc('milliseconds', created_at) = $3::timestamptz)
      RETURNING user_id`,
    [channelId, userId, since],
  );
  return rows.length > 0;
}

export async function followerCount(db: Queryable, channelId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM followers WHERE organization_id = $1",
    [channelId],
  );
  return row?.n ?? 0;
}

/** A page of the channel's followers, newest first. */
export async function listFollowers(
  db: Queryable,
  channelId: number,
  page: { limit: number; offset: number },
): Promise<Follower[]> {
  const rows = await db.query<{
    user_id: number;
    first_name: string;
    last_name: string;
    profile_photo: string | null;
    created_at: Date;
  }>(
    `SELECT f.user_id::int, u.first_name, u.last_name, u.profile_photo, f.created_at
       FROM followers f JOIN users u ON u.id = f.user_id
      WHERE f.organization_id = $1
      ORDER BY f.created_at DESC, f.user_id DESC
      LIMIT $2 OFFSET $3`,
    [channelId, page.limit, page.offset],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    profilePhoto: r.profile_photo,
    followedAt: r.created_at.toISOString(),
  }));
}
