import type {
  BroadcastType,
  CouponType,
  CustomFieldType,
  EventAccess,
  OrgRole,
  SessionState,
  SessionType,
  TicketPriceType,
} from "@onstage/domain";

// The words the dashboard shows for the specs' enumerations.

export const ACCESS_LABELS: Record<EventAccess, string> = {
  open: "Open",
  registration_required: "Registration required",
  ticketed: "Ticketed",
  patreon: "Membership (Patreon)",
};

export const ORG_ROLE_LABELS: Record<OrgRole, string> = { owner: "Owner", admin: "Admin", member: "Member" };

export const SESSION_TYPE_LABELS: Record<SessionType, string> = { regular: "Regular", lobby: "Lobby" };

export const BROADCAST_TYPE_LABELS: Record<BroadcastType, string> = {
  webrtc: "WebRTC",
  rtmp: "RTMP",
  "rtmp-native": "RTMP native",
};

export const SESSION_STATE_LABELS: Record<SessionState, string> = {
  scheduled: "Scheduled",
  greenroom: "In greenroom",
  broadcasting: "Live",
  postevent: "Post-event",
  ended: "Ended",
};

export const PRICE_TYPE_LABELS: Record<TicketPriceType, string> = {
  free: "Free",
  fixed: "Fixed price",
  sliding: "Sliding scale",
};

export const COUPON_TYPE_LABELS: Record<CouponType, string> = { percent: "Percent", amount: "Amount" };

/** Spec 1 §2: the eight custom question types. */
export const QUESTION_TYPE_LABELS: Record<CustomFieldType, string> = {
  checkbox: "Checkbox",
  multiple_choice: "Multiple choice",
  multi_select: "Multi-select",
  number: "Number",
  date: "Date",
  phone: "Phone",
  url: "URL",
  text: "Text",
};

/** Options for a select or radio group, in the record's order. */
export function optionsOf<T extends string>(labels: Record<T, string>): { value: T; label: string }[] {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}
