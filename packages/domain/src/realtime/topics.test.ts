import { describe, expect, it } from "vitest";
import { viewerFlags } from "../roles/rules";
import type { EventRole, OrgRole } from "../vocabulary";
import { parseTopic, type TopicContext, type TopicKind, topicName, topicRefusal } from "./topics";

function ctx(
  who: { userId?: number | null; eventRole?: EventRole | null; orgRole?: OrgRole | null; speaker?: boolean },
  extra: Partial<TopicContext> = {},
): TopicContext {
  const userId = who.userId === undefined ? 7 : who.userId;
  const flags = viewerFlags(
    {
      userId,
      eventRole: who.eventRole ?? null,
      orgRole: who.orgRole ?? null,
      speakerSessionIds: who.speaker ? [3] : [],
    },
    3,
  );
  return {
    flags,
    viewerUserId: userId,
    hasRole: who.eventRole !== undefined && who.eventRole !== null,
    isBanned: false,
    event: { access: "registration_required", deleted: false, archived: false },
    session: { sessionType: "regular", hideAudience: false },
    chatType: "public",
    ...extra,
  };
}

describe("parseTopic", () => {
  it.each([
    ["chat:12", { kind: "chat", id: 12 }],
    ["user:1", { kind: "user", id: 1 }],
    ["chat:0", null],
    ["chat:-1", null],
    ["chat:undefined", null],
    ["chat:null", null],
    ["room:1", null],
    ["chat:1 ", null],
    ["chat:99999999999999999", null],
    [42, null],
  ])("%s", (name, topic) => {
    expect(parseTopic(name)).toEqual(topic);
    if (topic) expect(topicName(topic as { kind: TopicKind; id: number })).toBe(name);
  });
});

describe("topicRefusal: who reads what (issue 6)", () => {
  const guest = { eventRole: "guest" as const };
  const backstage: Partial<TopicContext> = { chatType: "backstage" };
  it.each([
    { case: "registered guest reads public chat", kind: "chat", c: ctx(guest), refusal: null },
    {
      case: "guest never reads backstage chat",
      kind: "chat",
      c: ctx(guest, backstage),
      refusal: "forbidden",
    },
    {
      case: "moderator reads backstage chat",
      kind: "chat",
      c: ctx({ eventRole: "moderator" }, backstage),
      refusal: null,
    },
    {
      case: "assigned speaker reads backstage chat",
      kind: "chat",
      c: ctx({ eventRole: "speaker", speaker: true }, backstage),
      refusal: null,
    },
    {
      case: "unassigned speaker is a guest",
      kind: "chat",
      c: ctx({ eventRole: "speaker" }, backstage),
      refusal: "forbidden",
    },
    {
      case: "channel member reads backstage chat",
      kind: "chat",
      c: ctx({ orgRole: "member" }, backstage),
      refusal: null,
    },
    {
      case: "no backstage chat in a lobby",
      kind: "chat",
      c: ctx({ eventRole: "host" }, { ...backstage, session: { sessionType: "lobby", hideAudience: false } }),
      refusal: "forbidden",
    },
    {
      case: "banned user reads nothing",
      kind: "session",
      c: ctx(guest, { isBanned: true }),
      refusal: "banned",
    },
    {
      case: "banned host reads nothing",
      kind: "event",
      c: ctx({ eventRole: "host" }, { isBanned: true }),
      refusal: "banned",
    },
    { case: "unregistered user on a registration event", kind: "chat", c: ctx({}), refusal: "forbidden" },
    { case: "visitor on a registration event", kind: "event", c: ctx({ userId: null }), refusal: "no_token" },
    {
      case: "visitor on an open event",
      kind: "chat",
      c: ctx({ userId: null }, { event: { access: "open", deleted: false, archived: false } }),
      refusal: null,
    },
    {
      case: "unlisted event not opened by its code, open access",
      kind: "chat",
      c: ctx(
        { userId: null },
        { event: { access: "open", deleted: false, archived: false, unreached: true } },
      ),
      refusal: "not_found",
    },
    {
      case: "unlisted event not opened by its code, signed-in user",
      kind: "event",
      c: ctx(
        {},
        { event: { access: "registration_required", deleted: false, archived: false, unreached: true } },
      ),
      refusal: "not_found",
    },
    {
      case: "deleted event",
      kind: "event",
      c: ctx({ eventRole: "host" }, { event: { access: "open", deleted: true, archived: false } }),
      refusal: "not_found",
    },
    {
      case: "archived event for a guest",
      kind: "event",
      c: ctx(guest, { event: { access: "open", deleted: false, archived: true } }),
      refusal: "not_found",
    },
    {
      case: "archived event for a channel member",
      kind: "event",
      c: ctx({ orgRole: "member" }, { event: { access: "open", deleted: false, archived: true } }),
      refusal: null,
    },
    {
      case: "hidden audience: guest gets no presence",
      kind: "presence",
      c: ctx(guest, { session: { sessionType: "regular", hideAudience: true } }),
      refusal: "forbidden",
    },
    {
      case: "hidden audience: moderator keeps presence",
      kind: "presence",
      c: ctx({ eventRole: "moderator" }, { session: { sessionType: "regular", hideAudience: true } }),
      refusal: null,
    },
    { case: "guest reads presence", kind: "presence", c: ctx(guest), refusal: null },
  ] as const)("$case", ({ kind, c, refusal }) => {
    expect(topicRefusal(kind, c, 1)).toBe(refusal);
  });

  it.each([
    { viewer: 7, topic: 7, refusal: null },
    { viewer: 7, topic: 8, refusal: "forbidden" },
    { viewer: null, topic: 7, refusal: "no_token" },
  ])("user topic $topic read by $viewer -> $refusal", ({ viewer, topic, refusal }) => {
    expect(topicRefusal("user", ctx({ userId: viewer }), topic)).toBe(refusal);
  });
});
