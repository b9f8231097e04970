import { z } from "zod";
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from "../constants";
import { ChatType } from "../vocabulary";
import { Id, StoredText } from "../wire";

// Chat (spec 2 §3, §7): requests use the spec's payload names (snake_case); responses are camelCase.

export const ChatAuthor = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
});
export type ChatAuthor = z.infer<typeof ChatAuthor>;

export const ChatReaction = z.object({
  chatMessageId: z.number().int(),
  chatId: z.number().int(),
  userId: z.number().int(),
  reaction: z.string(),
});
export type ChatReaction = z.infer<typeof ChatReaction>;

export const ChatMessage = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  userId: z.number().int(),
  /** Stored as typed; rendered as text, never as HTML. Empty once deleted. */
  message: z.string(),
  timestamp: z.iso.datetime(),
  updatedAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
  user: ChatAuthor,
  reactions: z.array(ChatReaction),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Chat = z.object({ id: z.number().int(), chatType: ChatType });
export type Chat = z.infer<typeof Chat>;

export const ChatMessagesQuery = z
  .object({
    chat_id: z.coerce.number().pipe(Id),
    /** Older pages: messages with an id below this one (spec 2 §7). */
    before_id: z.coerce.number().pipe(Id).optional(),
    /** The replay's page (issue 12 §11): messages sent at or before this time, newest first. */
    before_time: z.iso.datetime({ offset: true }).optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE),
  })
  .strict();
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

export const ChatMessagesResponse = z.object({
  /** Newest first (id descending). */
  messages: z.array(ChatMessage),
  hasMore: z.boolean(),
  /** The chat topic's sequence when this page was read: subscribe with `since` = seq. */
  seq: z.number().int().nonnegative(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;

/** The wire bound is generous; the rule (trimmed, never empty, at most 2000) decides. */
const MessageText = StoredText(CHAT_MESSAGE_MAX_LENGTH * 2);

export const SendChatMessageRequest = z.object({ chat_id: Id, message: MessageText }).strict();
export const EditChatMessageRequest = z.object({ id: Id, message: MessageText }).strict();
export const DeleteChatMessageRequest = z.object({ id: Id }).strict();
export const ChatMessageResponse = z.object({ message: ChatMessage });

export const ChatReactionRequest = z.object({ chat_message_id: Id, reaction: StoredText(64) }).strict();

/** Spec 2 §7 toggle-chat. */
export const ToggleChatRequest = z
  .object({ disable_chat: z.boolean(), video_session_id: Id, event_id: Id })
  .strict();

export const OkResponse = z.object({ ok: z.literal(true) });
