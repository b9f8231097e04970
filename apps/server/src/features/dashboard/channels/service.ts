import {
  BadRequest,
  Conflict,
  type CreateChannelRequest,
  canManageChannel,
  channelNameRefusal,
  type DashChannelEntry,
  Forbidden,
  NotFound,
  type UpdateChannelRequest,
} from "@onstage/domain";
import { updateColumns } from "../../../platform/database/rows";
import { type ImageUpload, storeImage } from "../../../platform/images/uploads";
import type { FeatureDeps } from "../../deps";
import { requireChannelMember } from "../access";
import * as q from "./queries";

const AVATAR_SIZE = { width: 256, height: 256 };

export function dashChannelsService({ db, storage, clock }: Pick<FeatureDeps, "db" | "storage" | "clock">) {
  async function entry(userId: number, channelId: number): Promise<DashChannelEntry> {
    const found = await q.findMyChannel(db, userId, channelId);
    if (!found) throw NotFound("channel_not_found");
    return found;
  }

  async function requireChannelManager(userId: number, channelId: number) {
    const access = await requireChannelMember(db, userId, channelId);
    if (!canManageChannel(access.orgRole)) throw Forbidden();
    return access;
  }

  return {
    list: (userId: number) => q.listMyChannels(db, userId),

    /** The creator becomes the owner; a new channel starts on the 'Free trial' plan. */
    async create(userId: number, input: CreateChannelRequest): Promise<DashChannelEntry> {
      const refusal = channelNameRefusal(input.channelName);
      if (refusal) throw BadRequest(refusal);
      const channelId = await db.transaction(async (tx) => {
        const id = await q.insertChannel(tx, input);
        if (id === null) throw Conflict("channel_name_taken");
        await q.insertMember(tx, { organizationId: id, userId, role: "owner" });
        await q.insertSubscription(tx, {
          organizationId: id,
          planId: await q.freeTrialPlanId(tx),
          start: clock(),
        });
        return id;
      });
      return entry(userId, channelId);
    },

    async update(userId: number, channelId: number, input: UpdateChannelRequest): Promise<DashChannelEntry> {
      await requireChannelManager(userId, channelId);
      await updateColumns(
        db,
        "organizations",
        channelId,
        {
          name: input.name,
          description: input.description === undefined ? undefined : input.description?.trim() || null,
          patreon_campaign_id: input.patreonCampaignId,
        },
        { touch: true },
      );
      return entry(userId, channelId);
    },

    /** Issue 5 §7: checked and re-encoded before it is stored under a server-chosen name. */
    async setAvatar(userId: number, channelId: number, upload: ImageUpload): Promise<DashChannelEntry> {
      await requireChannelManager(userId, channelId);
      const url = await storeImage(storage, channelId, upload, AVATAR_SIZE);
      await updateColumns(db, "organizations", channelId, { profile_image: url }, { touch: true });
      return entry(userId, channelId);
    },
  };
}

export type DashChannelsService = ReturnType<typeof dashChannelsService>;
