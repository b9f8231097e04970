import { describe, expect, test } from "vitest";
import { parseTopicMessage } from "./messages";
import type { TopicMessage } from "./schemas";
import type { TopicKind } from "./topics";

const at = "2026-01-01T00:00:00.000Z";
const wire = (fields: Partial<TopicMessage>): TopicMessage => ({
  topic: "x:1",
  seq: 7,
  kind: "broadcast",
  event: "",
  payload: {},
  at,
  ...fields,
});
const reaction = { chatMessageId: 1, chatId: 2, userId: 3, reaction: "👍" };

describe("parseTopicMessage", () => {
  test.each<{ case: string; kind: TopicKind; message: TopicMessage; accepted: boolean }>([
    {
      case: "a registered count on an event topic",
      kind: "event",
      message: wire({ event: "registration.created", payload: { registeredCount: 4 } }),
      accepted: true,
    },
    {
      case: "the same broadcast on a user topic",
      kind: "user",
      message: wire({ event: "registration.created", payload: { registeredCount: 4 } }),
      accepted: false,
    },
    {
      case: "a reaction removed on a chat topic",
      kind: "chat",
      message: wire({ kind: "change", event: "DELETE", table: "chat_reactions", payload: reaction }),
      accepted: true,
    },
    {
      case: "a chat message DELETE (chat deletes are soft: UPDATE)",
      kind: "chat",
      message: wire({ kind: "change", event: "DELETE", table: "chat_messages", payload: { id: 1 } }),
      accepted: false,
    },
    {
      case: "a malformed payload",
      kind: "user",
      message: wire({ event: "banned", payload: { eventId: "1" } }),
      accepted: false,
    },
    {
      case: "an unknown broadcast",
      kind: "user",
      message: wire({ event: "poll.created", payload: {} }),
      accepted: false,
    },
  ])("$case → accepted: $accepted", ({ kind, message, accepted }) => {
    expect(parseTopicMessage(kind, message) !== null).toBe(accepted);
  });

  test("keeps the message's place in its topic and its typed body", () => {
    const parsed = parseTopicMessage(
      "user",
      wire({ topic: "user:9", event: "banned", payload: { eventId: 5 } }),
    );
    expect(parsed).toEqual({
      topic: "user:9",
      seq: 7,
      at,
      kind: "broadcast",
      event: "banned",
      payload: { eventId: 5 },
    });
  });
});
