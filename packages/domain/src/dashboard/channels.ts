import { z } from "zod";
import { ORGANIZATION_NAME_MAX_CHARS } from "../constants";
import { Channel } from "../event-page/schemas";
import { OrgRole } from "../vocabulary";
import { IdParam, Required, Text } from "./fields";
import { DASH_LIMITS as L } from "./limits";

// The dashboard's channels (issue 5 §1):
//   GET    /api/dash                                      → DashResponse
//   POST   /api/channels                      CreateChannelRequest → 201 DashChannelResponse (409 channel_name_taken)
//   PATCH  /api/channels/:channelId           UpdateChannelRequest → DashChannelResponse
//   POST   /api/channels/:channelId/avatar    multipart `image`    → DashChannelResponse (400 invalid_image)

export const ChannelIdParams = z.object({ channelId: IdParam });

/** Issue 29 §5: the channel's Patreon campaign, which the membership gate checks pledges against. */
export const PatreonCampaignId = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, "A Patreon campaign ID is a number, e.g. 1234567");

export const DashChannel = Channel.extend({
  description: z.string().nullable(),
  /** Null: no campaign connected, and membership-gated events refuse with PATREON_CAMPAIGN_ID_NOT_FOUND. */
  patreonCampaignId: z.string().nullable(),
});
export type DashChannel = z.infer<typeof DashChannel>;

/** A channel the signed-in user belongs to, with their role in it. */
export const DashChannelEntry = z.object({
  channel: DashChannel,
  role: OrgRole,
  /** Events not deleted (archived ones included). */
  eventCount: z.number().int().nonnegative(),
});
export type DashChannelEntry = z.infer<typeof DashChannelEntry>;

export const DashResponse = z.object({ channels: z.array(DashChannelEntry) });
export type DashResponse = z.infer<typeof DashResponse>;

/** `channelName` is lower-cased here; `channelNameRefusal` checks its pattern. */
export const CreateChannelRequest = z
  .object({
    name: Required(ORGANIZATION_NAME_MAX_CHARS),
    channelName: z.string().trim().toLowerCase().max(L.channelNameMaxChars),
  })
  .strict();
export type CreateChannelRequest = z.infer<typeof CreateChannelRequest>;

export const UpdateChannelRequest = z
  .object({
    name: Required(ORGANIZATION_NAME_MAX_CHARS).optional(),
    /** Blank or null clears it. */
    description: Text(L.channelDescriptionMaxChars).nullable().optional(),
    /** Null disconnects the campaign. */
    patreonCampaignId: PatreonCampaignId.nullable().optional(),
  })
  .strict();
export type UpdateChannelRequest = z.infer<typeof UpdateChannelRequest>;

/** Answer of POST /api/channels (201), PATCH /api/channels/:channelId and POST .../avatar. */
export const DashChannelResponse = DashChannelEntry;
export type DashChannelResponse = DashChannelEntry;
