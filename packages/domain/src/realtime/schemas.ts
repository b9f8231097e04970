import { z } from "zod";
import { BrowserId } from "../presence/schemas";

// The realtime protocol (docs/realtime.md): Socket.IO over one WebSocket at REALTIME_PATH.

export const REALTIME_PATH = "/api/realtime";

/** Spec 2 §4: the channel statuses a subscription reports. */
export const ChannelStatus = z.enum(["SUBSCRIBED", "CLOSED", "CHANNEL_ERROR", "TIMED_OUT", "REFETCH"]);
export type ChannelStatus = z.infer<typeof ChannelStatus>;

export const RealtimeError = z.object({
  /** no_token, forbidden, banned, not_found, invalid_topic, rate_limit_exceeded, flood, ... */
  code: z.string(),
  message: z.string(),
  retryAfterMs: z.number().int().optional(),
});
export type RealtimeError = z.infer<typeof RealtimeError>;

/** Spec 2 §7: a row change (INSERT/UPDATE/DELETE) or a broadcast, with the topic's sequence number. */
export const TopicMessage = z.object({
  topic: z.string(),
  seq: z.number().int().positive(),
  kind: z.enum(["change", "broadcast"]),
  /** INSERT, UPDATE or DELETE for a change; the broadcast's name otherwise. */
  event: z.string(),
  /** The table of a change (chat_messages, chat_reactions, video_session_users, ...). */
  table: z.string().optional(),
  payload: z.unknown(),
  at: z.iso.datetime(),
});
export type TopicMessage = z.infer<typeof TopicMessage>;

/** Server -> client `messages`: what one topic published within one tick (at least one), in sequence order. */
export const TopicMessageBatch = z.tuple([TopicMessage], TopicMessage);
export type TopicMessageBatch = z.infer<typeof TopicMessageBatch>;

// --- client -> server ---

export const SubscribeRequest = z
  .object({
    topic: z.string().max(64),
    /** The last sequence the client applied; the server replays what came after it. */
    since: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const UnsubscribeRequest = z.object({ topic: z.string().max(64) }).strict();

/** A presence heartbeat: the sender is live in this session (spec 2 §4, §9). */
export const PresenceRequest = z
  .object({
    sessionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** The sending tab: the active tab's heartbeats keep its claim fresh (spec 1 §4). */
    browserId: BrowserId.optional(),
    /** Issue 29 §2: no activity in the tab for IDLE_TIMEOUT_MS (spec 1 §9); absent is active. */
    idle: z.boolean().optional(),
  })
  .strict();
export type PresenceRequest = z.infer<typeof PresenceRequest>;

// --- server -> client (acknowledgements and pushes) ---

export const SubscribeAck = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("SUBSCRIBED"),
    topic: z.string(),
    /** The topic's sequence after `missed`; live messages continue from here. */
    seq: z.number().int().nonnegative(),
    missed: z.array(TopicMessage),
  }),
  /** The gap is older than the server keeps: refetch the data, then continue from `seq`. */
  z.object({ status: z.literal("REFETCH"), topic: z.string(), seq: z.number().int().nonnegative() }),
  z.object({ status: z.literal("CHANNEL_ERROR"), topic: z.string(), error: RealtimeError }),
]);
export type SubscribeAck = z.infer<typeof SubscribeAck>;

export const PresenceAck = z.discriminatedUnion("status", [
  z.object({ status: z.literal("ok") }),
  z.object({ status: z.literal("error"), error: RealtimeError }),
]);
export type PresenceAck = z.infer<typeof PresenceAck>;

/** The server ended a subscription (a ban): the client drops the topic and does not resubscribe. */
export const Unsubscribed = z.object({ topic: z.string(), reason: z.string() });
export type Unsubscribed = z.infer<typeof Unsubscribed>;

/** Socket.IO event names of the protocol, in one place. */
export const RealtimeEvents = {
  subscribe: "subscribe",
  unsubscribe: "unsubscribe",
  presence: "presence",
  /** A TopicMessageBatch: one frame per topic per REALTIME_BATCH_TICK_MS. */
  messages: "messages",
  unsubscribed: "unsubscribed",
  /** The node was cut off from the other nodes (Redis) and is back: resubscribe from the last seq. */
  resume: "resume",
  /** Issue 29 §1: the client's health check asks which topics the server holds for it (CheckAck). */
  check: "check",
} as const;

/** The topics this connection is subscribed to on the server, for the client's health check. */
export const CheckAck = z.object({ topics: z.array(z.string()) });
export type CheckAck = z.infer<typeof CheckAck>;
