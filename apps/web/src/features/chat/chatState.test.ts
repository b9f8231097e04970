import type { ChatMessage, ChatMessagesResponse, ChatReaction, TypedTopicMessage } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { type ChatAction, type ChatState, chatActionFor, chatReducer, initialChatState } from "./chatState";

const msg = (id: number, text = `m${id}`, updatedAt: string | null = null): ChatMessage => ({
  id,
  chatId: 1,
  userId: 7,
  message: text,
  timestamp: "2026-01-01T00:00:00.000Z",
  updatedAt,
  deletedAt: null,
  user: { id: 7, firstName: "A", lastName: "B", profilePhoto: null },
  reactions: [],
});
const page = (messages: ChatMessage[], hasMore = false): ChatMessagesResponse => ({
  messages,
  hasMore,
  seq: 0,
});
const like: ChatReaction = { chatMessageId: 2, chatId: 1, userId: 9, reaction: "👍" };
const run = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChatState);
const ids = (state: ChatState) => state.messages.map((m) => m.id);

describe("chatReducer", () => {
  it("shows history oldest first and pages earlier messages in front", () => {
    const state = run(
      { type: "loaded", page: page([msg(3), msg(2)], true) },
      { type: "older", page: page([msg(1)]) },
    );
    expect(ids(state)).toEqual([1, 2, 3]);
    expect(state.hasMore).toBe(false);
  });

  it("the replay's later pages join what is kept, and earlier pages stay to load", () => {
    const state = run(
      { type: "loaded", page: page([msg(3), msg(2)], true) },
      { type: "newer", page: page([msg(5), msg(4), msg(3)]) },
    );
    expect(ids(state)).toEqual([2, 3, 4, 5]);
    expect(state.hasMore).toBe(true);
  });

  it("the same message from the answer and the topic is shown once", () => {
    const state = run(
      { type: "loaded", page: page([]) },
      { type: "upsert", message: msg(4) },
      { type: "upsert", message: msg(4) },
    );
    expect(ids(state)).toEqual([4]);
  });

  it("a late copy of an older version does not undo an edit", () => {
    const state = run(
      { type: "loaded", page: page([msg(2)]) },
      { type: "upsert", message: msg(2, "edited", "2026-01-01T00:01:00.000Z") },
      { type: "upsert", message: msg(2) },
    );
    expect(state.messages[0]?.message).toBe("edited");
  });

  it("a deleted message does not come back with a late copy", () => {
    const deleted = { ...msg(2, ""), deletedAt: "2026-01-01T00:02:00.000Z" };
    const state = run(
      { type: "loaded", page: page([msg(2)]) },
      { type: "upsert", message: deleted },
      { type: "upsert", message: msg(2) },
    );
    expect(ids(state)).toEqual([]);
  });

  it("reactions are added and removed once, and survive an edit", () => {
    const state = run(
      { type: "loaded", page: page([msg(2)]) },
      { type: "reaction", reaction: like, isPresent: true },
      { type: "reaction", reaction: like, isPresent: true },
      { type: "upsert", message: msg(2, "edited", "2026-01-01T00:01:00.000Z") },
    );
    expect(state.messages[0]?.reactions).toEqual([like]);
    expect(
      chatReducer(state, { type: "reaction", reaction: like, isPresent: false }).messages[0]?.reactions,
    ).toEqual([]);
  });
});

describe("chatActionFor", () => {
  const at = { topic: "chat:1", seq: 1, at: "2026-01-01T00:00:00.000Z" };
  it.each([
    { case: "new message", event: "INSERT", table: "chat_messages", payload: msg(1), want: "upsert" },
    { case: "edit", event: "UPDATE", table: "chat_messages", payload: msg(1), want: "upsert" },
    { case: "reaction", event: "INSERT", table: "chat_reactions", payload: like, want: "reaction" },
    { case: "reaction removed", event: "DELETE", table: "chat_reactions", payload: like, want: "reaction" },
  ] as const)("$case -> $want", ({ event, table, payload, want }) => {
    const message = { ...at, kind: "change", event, table, payload } as TypedTopicMessage<"chat">;
    expect(chatActionFor(message).type).toBe(want);
  });
});
