import { z } from "zod";

// The specs' enumerations, shared by the SQL checks (migrations), the server and the web app.

export const EventRole = z.enum(["host", "owner", "admin", "moderator", "speaker", "guest"]);
export type EventRole = z.infer<typeof EventRole>;

/** Channel (organization) team roles; tracked apart from event roles (spec 1 §3). */
export const OrgRole = z.enum(["owner", "admin", "member"]);
export type OrgRole = z.infer<typeof OrgRole>;

export const EventAccess = z.enum(["open", "registration_required", "ticketed", "patreon"]);
export type EventAccess = z.infer<typeof EventAccess>;

export const SessionState = z.enum(["scheduled", "greenroom", "broadcasting", "postevent", "ended"]);
export type SessionState = z.infer<typeof SessionState>;

export const SessionType = z.enum(["regular", "lobby"]);
export type SessionType = z.infer<typeof SessionType>;

export const BroadcastType = z.enum(["webrtc", "rtmp", "rtmp-native"]);
export type BroadcastType = z.infer<typeof BroadcastType>;

export const StreamActiveState = z.enum(["countdown", "recording", "streaming", "ended", "error"]);
export type StreamActiveState = z.infer<typeof StreamActiveState>;

export const SessionUserState = z.enum(["active", "offline", "on_stage"]);
export type SessionUserState = z.infer<typeof SessionUserState>;

export const IntentType = z.enum(["hand_raised", "invite_sent", "invite_accepted", "invite_declined"]);
export type IntentType = z.infer<typeof IntentType>;

export const TileState = z.enum(["main", "offstage", "side"]);
export type TileState = z.infer<typeof TileState>;

export const TicketPriceType = z.enum(["free", "fixed", "sliding"]);
export type TicketPriceType = z.infer<typeof TicketPriceType>;

export const CouponType = z.enum(["percent", "amount"]);
export type CouponType = z.infer<typeof CouponType>;

export const CustomFieldType = z.enum([
  "checkbox",
  "multiple_choice",
  "multi_select",
  "number",
  "date",
  "phone",
  "url",
  "text",
]);
export type CustomFieldType = z.infer<typeof CustomFieldType>;

export const BanType = z.enum(["event", "organization"]);
export type BanType = z.infer<typeof BanType>;

export const ChatType = z.enum(["public", "backstage"]);
export type ChatType = z.infer<typeof ChatType>;

export const SignInProvider = z.enum(["email", "google", "twitter", "facebook", "patreon"]);
export type SignInProvider = z.infer<typeof SignInProvider>;

export const CustomElementType = z.enum([
  "title",
  "question",
  "primary_color",
  "chat",
  "background",
  "offer",
  "contribution",
  "logo",
]);
export type CustomElementType = z.infer<typeof CustomElementType>;

/** Spec 1 §7 analytics events, the registration tracking event, and spec 2 §9's 'attended'. */
export const AnalyticsEventName = z.enum([
  "user-banned-and-removed",
  "user-shadow-banned",
  "user-banned-from-channel",
  "event-register",
  "event-unregister-by-host",
  "view-event-page-next-page",
  "event-registration",
  // Spec 2 §9: a user was live in a session (not for a session ended more than 20 minutes before).
  "attended",
  // Spec 2 §9: a realtime subscription refused for its sign-in, at most once a minute per key.
  "realtime-auth-error",
]);
export type AnalyticsEventName = z.infer<typeof AnalyticsEventName>;
