import { ChatMessageResponse, ChatMessagesResponse, OkResponse } from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// Spec 2 §7 chat calls. Requests use the spec's snake_case names; answers are camelCase.

/** The newest page; older ones below `beforeId`; the replay's at or before `beforeTimeMs`. */
export function fetchChatMessages(chatId: number, page: { beforeId?: number; beforeTimeMs?: number } = {}) {
  const query = new URLSearchParams({ chat_id: String(chatId) });
  if (page.beforeId !== undefined) query.set("before_id", String(page.beforeId));
  if (page.beforeTimeMs !== undefined) query.set("before_time", new Date(page.beforeTimeMs).toISOString());
  return api(`/api/chat/messages?${query}`, ChatMessagesResponse);
}

export const sendChatMessage = (chatId: number, message: string) =>
  api("/api/chat/messages", ChatMessageResponse, jsonBody({ chat_id: chatId, message }));

export const editChatMessage = (id: number, message: string) =>
  api("/api/chat/messages/edit", ChatMessageResponse, jsonBody({ id, message }));

export const deleteChatMessage = (id: number) =>
  api("/api/chat/messages/delete", OkResponse, jsonBody({ id }));

// The answers of these three are not in the contract: the change is applied from the request (and the
// topic), so the body is not read.

export const addChatReaction = (chatMessageId: number, reaction: string) =>
  apiNoContent("/api/chat/reactions", jsonBody({ chat_message_id: chatMessageId, reaction }));

export const removeChatReaction = (chatMessageId: number, reaction: string) =>
  apiNoContent("/api/chat/reactions/delete", jsonBody({ chat_message_id: chatMessageId, reaction }));

export const toggleChat = (input: { disableChat: boolean; sessionId: number; eventId: number }) =>
  apiNoContent(
    "/api/video-session/toggle-chat",
    jsonBody({ disable_chat: input.disableChat, video_session_id: input.sessionId, event_id: input.eventId }),
  );
