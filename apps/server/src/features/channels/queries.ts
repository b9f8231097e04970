import type { Channel } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export async function findChannelByName(db: Queryable, channelName: string): Promise<Channel | null> {
  const [r] = await db.query<{
    id: number;
    name: string;
    channel_name: string;
    profile_image: string | null;
  }>(
    `SELECT id, name, channel_name, profile_image FROM organizations
      WHERE channel_name = lower($1) AND deleted_at IS NULL`,
    [channelName],
  );
  return r ? { id: r.id, name: r.name, channelName: r.channel_name, profileImage: r.profile_image } : null;
}
