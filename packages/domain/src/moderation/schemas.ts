import { z } from "zod";
import { EventRole } from "../vocabulary";
import { Id, StoredText } from "../wire";

// Issue 12 item 7: role changes, the channel's banned users and the moderation audit log.

/** Spec 1 §7 "update event role": user_id, event_id, event_role_fkey, video_session_id. */
export const ChangeRoleRequest = z
  .object({
    user_id: Id,
    event_id: Id,
    event_role_fkey: EventRole,
    /** Spec 2 §6: speakers are recorded per session; a new speaker speaks in this one. */
    video_session_id: Id.optional(),
  })
  .strict();
export type ChangeRoleRequest = z.infer<typeof ChangeRoleRequest>;

/** Lifting a ban from the channel's settings (/settings?tab=advanced): any ban of the channel. */
export const ChannelUnbanRequest = z.object({ ban_id: Id, organization_id: Id }).strict();
export type ChannelUnbanRequest = z.infer<typeof ChannelUnbanRequest>;

const Page = {
  organization_id: z.coerce.number().pipe(Id),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
};

export const ChannelBansQuery = z.object({ ...Page, search: StoredText(200).trim().optional() }).strict();
export type ChannelBansQuery = z.infer<typeof ChannelBansQuery>;

const Person = z.object({ userId: z.number().int(), name: z.string() });

/** An active ban of the channel or one of its events, with who banned the user and when. */
export const ChannelBan = z.object({
  banId: z.number().int(),
  user: Person,
  banType: z.enum(["event", "organization"]),
  isShadow: z.boolean(),
  /** The event of an event ban; null for a channel ban. */
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Null when the banning account was deleted. */
  bannedBy: Person.nullable(),
  createdAt: z.iso.datetime(),
});
export type ChannelBan = z.infer<typeof ChannelBan>;

export const ChannelBansResponse = z.object({ bans: z.array(ChannelBan), hasMore: z.boolean() });
export type ChannelBansResponse = z.infer<typeof ChannelBansResponse>;

export const ModerationAction = z.enum([
  "ban",
  "shadow_ban",
  "channel_ban",
  "unban",
  "role_change",
  "remove_attendee",
]);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const ModerationAuditQuery = z.object(Page).strict();

export const ModerationAuditEntry = z.object({
  id: z.number().int(),
  action: ModerationAction,
  actor: Person.nullable(),
  target: Person.nullable(),
  event: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** role_change: { from, to }; bans and unbans: { banId }. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.iso.datetime(),
});
export type ModerationAuditEntry = z.infer<typeof ModerationAuditEntry>;

export const ModerationAuditResponse = z.object({
  entries: z.array(ModerationAuditEntry),
  hasMore: z.boolean(),
});
export type ModerationAuditResponse = z.infer<typeof ModerationAuditResponse>;
