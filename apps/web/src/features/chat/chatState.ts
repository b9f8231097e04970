import type { ChatMessage, ChatMessagesResponse, ChatReaction, TypedTopicMessage } from "@onstage/domain";

// The chat's messages, oldest first, kept idempotent by id: the POST answer, the topic and a refetch may
// each bring the same message, in any order.

export interface ChatState {
  status: "loading" | "ready" | "error";
  messages: ChatMessage[];
  hasMore: boolean;
  /** Deleted ids stay known, so a late copy of the message does not bring it back. */
  deletedIds: ReadonlySet<number>;
}

export type ChatAction =
  | { type: "reset" }
  | { type: "loaded"; page: ChatMessagesResponse }
  | { type: "older"; page: ChatMessagesResponse }
  /** The replay's later messages as playback moves on: merged, the older pages left as they were. */
  | { type: "newer"; page: ChatMessagesResponse }
  | { type: "failed" }
  | { type: "upsert"; message: ChatMessage }
  | { type: "removed"; id: number }
  | { type: "reaction"; reaction: ChatReaction; isPresent: boolean };

export const initialChatState: ChatState = {
  status: "loading",
  messages: [],
  hasMore: false,
  deletedIds: new Set(),
};

const edited = (message: ChatMessage) => (message.updatedAt ? Date.parse(message.updatedAt) : 0);

/** Merges one message in; an older copy (earlier edit) never replaces a newer one. */
function upsert(messages: ChatMessage[], incoming: ChatMessage): ChatMessage[] {
  const index = messages.findIndex((m) => m.id === incoming.id);
  if (index === -1) return [...messages, incoming].sort((a, b) => a.id - b.id);
  const current = messages[index] as ChatMessage;
  if (edited(incoming) < edited(current)) return messages;
  // Reactions travel as their own changes; a message change does not carry the latest ones.
  const merged = { ...incoming, reactions: current.reactions };
  return messages.map((m, i) => (i === index ? merged : m));
}

const sameReaction = (a: ChatReaction, b: ChatReaction) =>
  a.chatMessageId === b.chatMessageId && a.userId === b.userId && a.reaction === b.reaction;

function withReaction(messages: ChatMessage[], reaction: ChatReaction, isPresent: boolean): ChatMessage[] {
  return messages.map((m) => {
    if (m.id !== reaction.chatMessageId) return m;
    const others = m.reactions.filter((r) => !sameReaction(r, reaction));
    return { ...m, reactions: isPresent ? [...others, reaction] : others };
  });
}

const visible = (page: ChatMessagesResponse, deletedIds: ReadonlySet<number>) =>
  page.messages.filter((m) => m.deletedAt === null && !deletedIds.has(m.id));

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "reset":
      return initialChatState;
    case "loaded": {
      // The newest page replaces what was kept (a refetch after a gap too old to replay).
      const messages = visible(action.page, state.deletedIds).sort((a, b) => a.id - b.id);
      return { ...state, status: "ready", messages, hasMore: action.page.hasMore };
    }
    case "older": {
      const messages = visible(action.page, state.deletedIds).reduce(upsert, state.messages);
      return { ...state, messages, hasMore: action.page.hasMore };
    }
    case "newer":
      return { ...state, messages: visible(action.page, state.deletedIds).reduce(upsert, state.messages) };
    case "failed":
      return { ...state, status: "error" };
    case "upsert": {
      const { message } = action;
      if (message.deletedAt !== null) return chatReducer(state, { type: "removed", id: message.id });
      if (state.deletedIds.has(message.id)) return state;
      return { ...state, messages: upsert(state.messages, message) };
    }
    case "removed":
      return {
        ...state,
        messages: state.messages.filter((m) => m.id !== action.id),
        deletedIds: new Set(state.deletedIds).add(action.id),
      };
    case "reaction":
      return { ...state, messages: withReaction(state.messages, action.reaction, action.isPresent) };
  }
}

/** What a chat topic message does to the list. */
export function chatActionFor(message: TypedTopicMessage<"chat">): ChatAction {
  if (message.table === "chat_messages") return { type: "upsert", message: message.payload };
  return { type: "reaction", reaction: message.payload, isPresent: message.event === "INSERT" };
}
