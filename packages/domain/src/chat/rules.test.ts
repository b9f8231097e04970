import { describe, expect, it } from "vitest";
import { viewerFlags } from "../roles/rules";
import {
  chatTextToSend,
  isChatMessageVisible,
  isValidReaction,
  mayDeleteChatMessage,
  mayEditChatMessage,
  mayPostInChat,
  mayToggleChat,
} from "./rules";

const guest = viewerFlags({ userId: 1, eventRole: "guest", orgRole: null }, 1);
const moderator = viewerFlags({ userId: 2, eventRole: "moderator", orgRole: null }, 1);
const host = viewerFlags({ userId: 3, eventRole: "host", orgRole: null }, 1);
const member = viewerFlags({ userId: 4, eventRole: null, orgRole: "member" }, 1);

describe("chatTextToSend (spec 2 §5)", () => {
  it.each([
    ["  hello  ", "hello"],
    ["", null],
    ["   \n\t ", null],
    ["<b>x</b>", "<b>x</b>"],
    ["a".repeat(2000), "a".repeat(2000)],
    ["a".repeat(2001), null],
  ])("%j -> %j", (text, expected) => {
    expect(chatTextToSend(text)).toBe(expected);
  });
});

describe("who edits and deletes", () => {
  it.each([
    { who: "author", viewer: 1, flags: guest, edit: true, del: true },
    { who: "other guest", viewer: 9, flags: guest, edit: false, del: false },
    { who: "moderator", viewer: 2, flags: moderator, edit: false, del: true },
    { who: "host", viewer: 3, flags: host, edit: false, del: true },
    { who: "visitor", viewer: null, flags: guest, edit: false, del: false },
  ])("$who", ({ viewer, flags, edit, del }) => {
    expect(mayEditChatMessage(viewer, 1)).toBe(edit);
    expect(mayDeleteChatMessage(viewer, 1, flags)).toBe(del);
  });
});

describe("mayToggleChat (spec 2 §6)", () => {
  it.each([
    ["guest", guest, false],
    ["moderator", moderator, false],
    ["host", host, true],
    ["channel member", member, true],
  ] as const)("%s -> %s", (_, flags, expected) => {
    expect(mayToggleChat(flags)).toBe(expected);
  });
});

describe("mayPostInChat", () => {
  it.each([
    {
      case: "unverified",
      flags: guest,
      verified: false,
      type: "public",
      disabled: false,
      result: "email_not_verified",
    },
    {
      case: "guest in open chat",
      flags: guest,
      verified: true,
      type: "public",
      disabled: false,
      result: null,
    },
    {
      case: "guest in disabled chat",
      flags: guest,
      verified: true,
      type: "public",
      disabled: true,
      result: "chat_disabled",
    },
    {
      case: "moderator in disabled chat",
      flags: moderator,
      verified: true,
      type: "public",
      disabled: true,
      result: null,
    },
    {
      case: "backstage ignores the public switch",
      flags: moderator,
      verified: true,
      type: "backstage",
      disabled: true,
      result: null,
    },
  ] as const)("$case", ({ flags, verified, type, disabled, result }) => {
    expect(mayPostInChat({ flags, emailVerified: verified, chatType: type, chatDisabled: disabled })).toBe(
      result,
    );
  });
});

describe("isChatMessageVisible (shadow bans)", () => {
  it.each([
    { viewer: 5, author: 1, shadow: false, visible: true },
    { viewer: 5, author: 1, shadow: true, visible: false },
    { viewer: 1, author: 1, shadow: true, visible: true },
    { viewer: null, author: 1, shadow: true, visible: false },
  ])("viewer $viewer, author $author, shadow $shadow", ({ viewer, author, shadow, visible }) => {
    expect(isChatMessageVisible({ viewerUserId: viewer, authorId: author, authorShadowBanned: shadow })).toBe(
      visible,
    );
  });
});

describe("isValidReaction", () => {
  it.each([
    ["👍", true],
    ["❤️", true],
    ["", false],
    ["a b", false],
    ["<script>", false],
    ["x".repeat(17), false],
  ])("%j -> %s", (reaction, expected) => {
    expect(isValidReaction(reaction)).toBe(expected);
  });
});
