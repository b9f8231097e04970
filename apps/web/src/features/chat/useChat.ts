import { type ChatMessage, chatTextToSend } from "@onstage/domain";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { useTopic } from "../realtime/useTopic";
import {
  addChatReaction,
  deleteChatMessage,
  editChatMessage,
  fetchChatMessages,
  removeChatReaction,
  sendChatMessage,
} from "./chatApi";
import { chatActionFor, chatReducer, initialChatState } from "./chatState";

/** Spec 2 §8: chat load failure. */
export const CHAT_LOAD_FAILED_TEXT = "Failed to fetch chat messages";
const FAILURE_TOAST_MS = 5_000;
/** A replay moving on by more than this many pages of chat reloads around its position instead. */
const REPLAY_BACKFILL_MAX_PAGES = 4;

function reportFailure(error: unknown): never {
  // Spec 2 §8: send, edit and delete failures are rethrown; the person sees the server's words.
  toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });
  throw error;
}

/**
 * One chat (public or backstage, spec 2 §3): history newest page first, then the chat topic from the
 * history's sequence. `onArrived` hears other people's new messages (unread badges).
 */
export function useChat(chatId: number | null, viewerUserId: number | null, onArrived?: () => void) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [since, setSince] = useState<number | null>(null);
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  });

  const load = useCallback(async () => {
    if (chatId === null) return;
    try {
      const page = await fetchChatMessages(chatId);
      dispatch({ type: "loaded", page });
      return page;
    } catch (error) {
      console.error(CHAT_LOAD_FAILED_TEXT, error);
      dispatch({ type: "failed" });
    }
  }, [chatId]);

  useEffect(() => {
    dispatch({ type: "reset" });
    setSince(null);
    if (chatId === null) return;
    let isCurrent = true;
    fetchChatMessages(chatId)
      .then((page) => {
        if (!isCurrent) return;
        dispatch({ type: "loaded", page });
        setSince(page.seq);
      })
      .catch((error: unknown) => {
        console.error(CHAT_LOAD_FAILED_TEXT, error);
        if (isCurrent) dispatch({ type: "failed" });
      });
    return () => {
      isCurrent = false;
    };
  }, [chatId]);

  const topic = useTopic(chatId !== null && since !== null ? { kind: "chat", id: chatId } : null, {
    since,
    refetch: load,
    onMessage: (message) => {
      const action = chatActionFor(message);
      dispatch(action);
      if (message.event === "INSERT" && action.type === "upsert" && action.message.userId !== viewerUserId) {
        arrived.current?.();
      }
    },
  });

  const loadOlder = useCallback(async () => {
    const oldest = state.messages[0];
    if (chatId === null || !oldest) return;
    try {
      dispatch({ type: "older", page: await fetchChatMessages(chatId, { beforeId: oldest.id }) });
    } catch (error) {
      toast.error(CHAT_LOAD_FAILED_TEXT, { durationMs: FAILURE_TOAST_MS });
      console.error(CHAT_LOAD_FAILED_TEXT, error);
    }
  }, [chatId, state.messages]);

  const retry = useCallback(async () => {
    dispatch({ type: "reset" });
    const page = await load();
    if (page) setSince(page.seq);
  }, [load]);

  /** Own messages show from the answer (a shadow-banned author's are never published to the topic). */
  const send = useCallback(
    async (text: string) => {
      const message = chatTextToSend(text);
      if (chatId === null || message === null) return false;
      const answer = await sendChatMessage(chatId, message).catch(reportFailure);
      dispatch({ type: "upsert", message: answer.message });
      return true;
    },
    [chatId],
  );

  const edit = useCallback(async (original: ChatMessage, text: string) => {
    const message = chatTextToSend(text);
    // Spec 2 §5: saved only when the content changed.
    if (message === null || message === original.message) return;
    const answer = await editChatMessage(original.id, message).catch(reportFailure);
    dispatch({ type: "upsert", message: answer.message });
  }, []);

  const remove = useCallback(async (id: number) => {
    await deleteChatMessage(id).catch(reportFailure);
    dispatch({ type: "removed", id });
  }, []);

  const toggleReaction = useCallback(
    async (message: ChatMessage, reaction: string) => {
      if (viewerUserId === null) return;
      const isMine = message.reactions.some((r) => r.userId === viewerUserId && r.reaction === reaction);
      const change = isMine ? removeChatReaction : addChatReaction;
      await change(message.id, reaction).catch(reportFailure);
      dispatch({
        type: "reaction",
        reaction: { chatMessageId: message.id, chatId: message.chatId, userId: viewerUserId, reaction },
        isPresent: !isMine,
      });
    },
    [viewerUserId],
  );

  /**
   * Issue 12 §11 replay: the page of messages sent up to `timeMs`, in place of what is kept (`since`
   * null: a seek), or merged in with the pages back to `since` (playback moving on). A gap longer than
   * REPLAY_BACKFILL_MAX_PAGES is a seek too.
   */
  const replayUpTo = useCallback(
    async (timeMs: number, sinceMs: number | null) => {
      if (chatId === null) return;
      const first = await fetchChatMessages(chatId, { beforeTimeMs: timeMs });
      if (sinceMs === null) return dispatch({ type: "loaded", page: first });
      const pages = [first];
      let page = first;
      while (page.hasMore && Date.parse(page.messages.at(-1)?.timestamp ?? "") > sinceMs) {
        const oldest = page.messages.at(-1);
        if (!oldest || pages.length >= REPLAY_BACKFILL_MAX_PAGES)
          return dispatch({ type: "loaded", page: first });
        page = await fetchChatMessages(chatId, { beforeId: oldest.id, beforeTimeMs: timeMs });
        pages.push(page);
      }
      for (const loaded of pages) dispatch({ type: "newer", page: loaded });
    },
    [chatId],
  );

  return { state, topic, loadOlder, retry, send, edit, remove, toggleReaction, replayUpTo };
}

export type ChatController = ReturnType<typeof useChat>;
