import { describe, expect, test } from "vitest";
import {
  canManageChannel,
  canManageEvent,
  canonicalTimeZone,
  channelNameRefusal,
  couponValueRefusal,
  eventCodeSlug,
  isSupportedCurrency,
  metaPixelIdRefusal,
  questionRefusal,
  sessionCountRefusal,
  sessionDeleteRefusal,
  teamChangeRefusal,
  ticketPriceRefusal,
} from "./rules";

test.each([
  { case: "15 digits, as Meta issues them", id: "123456789012345", want: null },
  { case: "5 digits, the shortest", id: "12345", want: null },
  { case: "20 digits, the longest", id: "1".repeat(20), want: null },
  { case: "4 digits", id: "1234", want: "invalid_meta_pixel_id" },
  { case: "21 digits", id: "1".repeat(21), want: "invalid_meta_pixel_id" },
  { case: "a letter", id: "12345a", want: "invalid_meta_pixel_id" },
  { case: "inner spaces", id: "123 456 789", want: "invalid_meta_pixel_id" },
  { case: "a pasted snippet", id: "fbq('init', '123456')", want: "invalid_meta_pixel_id" },
  { case: "Arabic-Indic digits", id: "١٢٣٤٥٦", want: "invalid_meta_pixel_id" },
  { case: "a trailing newline", id: "123456\n", want: "invalid_meta_pixel_id" },
])("Meta pixel ID: $case → $want", ({ id, want }) => {
  expect(metaPixelIdRefusal(id)).toBe(want);
});

describe("who manages what", () => {
  test.each([
    { orgRole: "owner", eventRole: null, channel: true, event: true },
    { orgRole: "admin", eventRole: null, channel: true, event: true },
    { orgRole: "member", eventRole: null, channel: false, event: true },
    { orgRole: null, eventRole: "host", channel: false, event: true },
    { orgRole: null, eventRole: "owner", channel: false, event: true },
    { orgRole: null, eventRole: "admin", channel: false, event: true },
    { orgRole: null, eventRole: "moderator", channel: false, event: false },
    { orgRole: null, eventRole: "speaker", channel: false, event: false },
    { orgRole: null, eventRole: "guest", channel: false, event: false },
    { orgRole: null, eventRole: null, channel: false, event: false },
  ] as const)("org $orgRole, event $eventRole → channel $channel, event $event", (row) => {
    expect(canManageChannel(row.orgRole)).toBe(row.channel);
    expect(canManageEvent(row)).toBe(row.event);
  });

  test.each([
    { actor: "owner", target: "admin", want: null },
    { actor: "admin", target: "admin", want: null },
    { actor: "admin", target: "member", want: null },
    { actor: "admin", target: "owner", want: "owner_locked" },
    { actor: "owner", target: "owner", want: "owner_locked" },
    { actor: "member", target: "member", want: "forbidden" },
    { actor: null, target: "member", want: "forbidden" },
  ] as const)("$actor changing $target → $want", ({ actor, target, want }) => {
    expect(teamChangeRefusal(actor, target)).toBe(want);
  });
});

test.each([
  { name: "abc", want: null },
  { name: "night-owls_2", want: null },
  { name: "a".repeat(40), want: null },
  { name: "ab", want: "invalid_channel_name" },
  { name: "a".repeat(41), want: "invalid_channel_name" },
  { name: "Night", want: "invalid_channel_name" },
  { name: "-night", want: "invalid_channel_name" },
  { name: "_night", want: "invalid_channel_name" },
  { name: "night owls", want: "invalid_channel_name" },
  { name: "nuit-étoilée", want: "invalid_channel_name" },
])("channel name '$name' → $want", ({ name, want }) => {
  expect(channelNameRefusal(name)).toBe(want);
});

test.each([
  { zone: "Europe/Paris", want: "Europe/Paris" },
  { zone: "europe/paris", want: "Europe/Paris" },
  { zone: "UTC", want: "UTC" },
  { zone: "Asia/Kolkata", want: "Asia/Kolkata" },
  { zone: "America/Argentina/Buenos_Aires", want: "America/Argentina/Buenos_Aires" },
  { zone: "Mars/Olympus", want: null },
  { zone: "+01:00", want: null },
  { zone: "", want: null },
  { zone: "Europe/Paris; DROP TABLE", want: null },
])("time zone '$zone' → $want", ({ zone, want }) => {
  expect(canonicalTimeZone(zone)).toBe(want);
});

test.each([
  { code: "USD", want: true },
  { code: "EUR", want: true },
  { code: "JPY", want: false },
  { code: "KWD", want: false },
  { code: "GBP", want: true },
  { code: "usd", want: false },
  { code: "XYZ", want: false },
  { code: "US", want: false },
])("currency $code → $want", ({ code, want }) => {
  expect(isSupportedCurrency(code)).toBe(want);
});

test.each([
  { type: "free", value: 0, maxValue: 0, want: null },
  { type: "free", value: 1, maxValue: 0, want: "invalid_ticket_price" },
  { type: "fixed", value: 1, maxValue: 0, want: null },
  { type: "fixed", value: 0, maxValue: 0, want: "invalid_ticket_price" },
  { type: "fixed", value: 100, maxValue: 200, want: "invalid_ticket_price" },
  { type: "sliding", value: 0, maxValue: 0, want: null },
  { type: "sliding", value: 500, maxValue: 500, want: null },
  { type: "sliding", value: 500, maxValue: 499, want: "invalid_ticket_price" },
  { type: "sliding", value: -1, maxValue: 0, want: "invalid_ticket_price" },
  { type: "fixed", value: 10_000_000, maxValue: 0, want: null },
  { type: "fixed", value: 10_000_001, maxValue: 0, want: "invalid_ticket_price" },
  { type: "fixed", value: 1.5, maxValue: 0, want: "invalid_ticket_price" },
] as const)("$type ticket $value/$maxValue → $want", ({ want, ...price }) => {
  expect(ticketPriceRefusal(price)).toBe(want);
});

test.each([
  { couponType: "percent", value: 100, want: null },
  { couponType: "percent", value: 101, want: "invalid_coupon_value" },
  { couponType: "percent", value: 0, want: "invalid_coupon_value" },
  { couponType: "amount", value: 5_000, want: null },
  { couponType: "amount", value: 10_000_001, want: "invalid_coupon_value" },
] as const)("$couponType coupon of $value → $want", ({ want, ...coupon }) => {
  expect(couponValueRefusal(coupon)).toBe(want);
});

test.each([
  { case: "text", q: { type: "text", answers: [], min: null, max: null }, want: null },
  {
    case: "choice with 2 options",
    q: { type: "multiple_choice", answers: ["a", "b"], min: null, max: null },
    want: null,
  },
  {
    case: "choice with 1 option",
    q: { type: "multiple_choice", answers: ["a"], min: null, max: null },
    want: "invalid_question_options",
  },
  {
    case: "duplicate options",
    q: { type: "multi_select", answers: ["a", " A "], min: null, max: null },
    want: "invalid_question_options",
  },
  {
    case: "option with a comma",
    q: { type: "multi_select", answers: ["a,b", "c"], min: null, max: null },
    want: "invalid_question_options",
  },
  {
    case: "options on a url question",
    q: { type: "url", answers: ["a", "b"], min: null, max: null },
    want: "invalid_question_options",
  },
  { case: "number with min only", q: { type: "number", answers: [], min: 3, max: null }, want: null },
  { case: "number with min = max", q: { type: "number", answers: [], min: 3, max: 3 }, want: null },
  {
    case: "number with min > max",
    q: { type: "number", answers: [], min: 4, max: 3 },
    want: "invalid_question_bounds",
  },
  {
    case: "bounds on text",
    q: { type: "text", answers: [], min: null, max: 3 },
    want: "invalid_question_bounds",
  },
] as const)("question: $case → $want", ({ q, want }) => {
  expect(questionRefusal(q)).toBe(want);
});

test.each([
  { title: "Café Talks: Ünïcode & more!", want: "cafe-talks-unicode-more" },
  { title: "   ", want: "event" },
  { title: "日本語", want: "event" },
  { title: "a".repeat(60), want: "a".repeat(40) },
  { title: `${"a".repeat(39)} b`, want: "a".repeat(39) },
])("slug of '$title' → '$want'", ({ title, want }) => {
  const slug = eventCodeSlug(title);
  expect(slug).toBe(want);
  expect(`${slug}-abc123`).toMatch(/^[A-Za-z0-9_-]{3,64}$/);
});

test.each([
  { change: "add", multiSession: false, sessionCount: 1, want: "single_session_event" },
  { change: "add", multiSession: false, sessionCount: 0, want: null },
  { change: "add", multiSession: true, sessionCount: 5, want: null },
  { change: "delete", multiSession: true, sessionCount: 1, want: "last_session" },
  { change: "delete", multiSession: true, sessionCount: 2, want: null },
  { change: "single", multiSession: false, sessionCount: 2, want: "single_session_event" },
  { change: "single", multiSession: false, sessionCount: 1, want: null },
] as const)(
  "$change with $sessionCount sessions (multi $multiSession) → $want",
  ({ change, want, ...event }) => {
    expect(sessionCountRefusal(change, event)).toBe(want);
  },
);

test.each([
  { state: "scheduled", want: null },
  { state: "greenroom", want: "session_live" },
  { state: "broadcasting", want: "session_live" },
  { state: "postevent", want: null },
  { state: "ended", want: null },
])("deleting a $state session → $want", ({ state, want }) => {
  expect(sessionDeleteRefusal(state)).toBe(want);
});
