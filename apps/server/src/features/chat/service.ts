import {
  type AudienceAction,
  BadRequest,
  type ChatMessage,
  type ChatMessagesResponse,
  type ChatReaction,
  Conflict,
  chatTextToSend,
  Forbidden,
  isChatMessageVisible,
  isValidReaction,
  mayDeleteChatMessage,
  mayEditChatMessage,
  mayPostInChat,
  mayToggleChat,
  NotFound,
} from "@onstage/domain";
import { type PlaceAccess, requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import { setChatDisabled } from "../../kernel/sessions/service";
import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import {
  deleteReaction,
  findMessage,
  historyPage,
  insertMessage,
  insertReaction,
  type StoredMessage,
  softDeleteMessage,
  updateMessageText,
} from "./queries";

export type ChatDeps = Pick<FeatureDeps, "db" | "realtime" | "clock">;

const chatTopic = (chatId: number) => ({ kind: "chat", id: chatId }) as const;

/** Spec 2 §5: trimmed, never empty, at most CHAT_MESSAGE_MAX_LENGTH. */
function textToSend(message: string): string {
  const text = chatTextToSend(message);
  if (text === null) throw BadRequest();
  return text;
}

/** Writing follows reading, then spec 2 §5 (verified e-mail) and §2 (guests and a disabled chat). */
function assertMayPost(access: PlaceAccess): void {
  const chatType = access.chat?.chatType ?? "public";
  const refusal = mayPostInChat({
    flags: access.flags,
    emailVerified: access.viewer.emailVerified,
    chatType,
    chatDisabled: access.session?.disableChat ?? false,
  });
  if (refusal === "email_not_verified") throw Forbidden("email_not_verified");
  if (refusal === "chat_disabled") throw Conflict("chat_disabled");
}

export function chatService(deps: ChatDeps) {
  const { db, realtime, clock } = deps;

  /** Issue 23 §2.2: one's own messages and reactions, per session; moderating others' is not limited. */
  const limit = (tx: Queryable, action: AudienceAction, userId: number, access: PlaceAccess) =>
    limitAudienceWrite(tx, clock().getTime(), { action, userId, sessionId: sessionOf(access).id });

  /** A message the viewer may see in a chat they may read; hidden and unknown messages are alike. */
  async function visibleMessage(
    viewerUserId: number,
    id: number,
    tx?: Queryable,
  ): Promise<{ stored: StoredMessage; access: PlaceAccess }> {
    // Inside a write transaction the message row is locked, so an edit cannot race a delete.
    const stored = await findMessage(tx ?? db, id, tx !== undefined);
    if (!stored) throw NotFound("message_not_found");
    const access = await requireTopicReader(tx ?? db, viewerUserId, {
      kind: "chat",
      id: stored.message.chatId,
    });
    const visible = isChatMessageVisible({
      viewerUserId,
      authorId: stored.message.userId,
      authorShadowBanned: stored.authorShadowBanned,
    });
    if (!visible) throw NotFound("message_not_found");
    return { stored, access };
  }

  return {
    async history(
      viewerUserId: number | null,
      query: { chat_id: number; before_id?: number; before_time?: string; limit: number },
      browserKey: string | null = null,
    ): Promise<ChatMessagesResponse> {
      const access = await requireTopicReader(
        db,
        viewerUserId,
        { kind: "chat", id: query.chat_id },
        browserKey,
      );
      const page = await historyPage(db, {
        chatId: query.chat_id,
        eventId: access.event.id,
        viewerUserId,
        beforeId: query.before_id,
        beforeTime: query.before_time,
        take: query.limit + 1,
      });
      return {
        messages: page.messages.slice(0, query.limit),
        hasMore: page.messages.length > query.limit,
        seq: page.seq,
      };
    },

    /**
     * Stores the message as typed (trimmed) and publishes it on the chat topic in the same transaction.
     * A shadow-banned author's message is stored and returned to them, and published to nobody.
     */
    async send(viewerUserId: number, input: { chat_id: number; message: string }): Promise<ChatMessage> {
      const access = await requireTopicReader(db, viewerUserId, { kind: "chat", id: input.chat_id });
      assertMayPost(access);
      const message = textToSend(input.message);
      await limit(db, "chat_message", viewerUserId, access);
      return withOutbox(db, realtime, async (tx, outbox) => {
        const stored = await insertMessage(tx, { chatId: input.chat_id, userId: viewerUserId, message });
        if (!access.viewer.isShadowBanned) {
          await outbox.write(chatTopic(input.chat_id), {
            kind: "change",
            table: "chat_messages",
            event: "INSERT",
            payload: stored,
          });
        }
        return stored;
      });
    },

    /** Only the author edits, and only the text; an unchanged text changes nothing. */
    async edit(viewerUserId: number, input: { id: number; message: string }): Promise<ChatMessage> {
      return withOutbox(db, realtime, async (tx, outbox) => {
        const { stored, access } = await visibleMessage(viewerUserId, input.id, tx);
        if (!mayEditChatMessage(viewerUserId, stored.message.userId)) throw Forbidden();
        if (stored.message.deletedAt) throw NotFound("message_not_found");
        assertMayPost(access);
        const text = textToSend(input.message);
        await limit(tx, "chat_message", viewerUserId, access);
        if (text === stored.text) return stored.message;
        await updateMessageText(tx, input.id, text);
        const edited = (await findMessage(tx, input.id))?.message ?? stored.message;
        if (!stored.authorShadowBanned) {
          await outbox.write(chatTopic(edited.chatId), {
            kind: "change",
            table: "chat_messages",
            event: "UPDATE",
            payload: edited,
          });
        }
        return edited;
      });
    },

    /** Soft delete by the author or whoever manages people; deleting twice is fine. */
    async remove(viewerUserId: number, id: number): Promise<void> {
      await withOutbox(db, realtime, async (tx, outbox) => {
        const { stored, access } = await visibleMessage(viewerUserId, id, tx);
        if (!mayDeleteChatMessage(viewerUserId, stored.message.userId, access.flags)) throw Forbidden();
        if (stored.message.userId === viewerUserId) await limit(tx, "chat_message", viewerUserId, access);
        if (!(await softDeleteMessage(tx, id))) return;
        const deleted = (await findMessage(tx, id))?.message;
        if (deleted && !stored.authorShadowBanned) {
          await outbox.write(chatTopic(deleted.chatId), {
            kind: "change",
            table: "chat_messages",
            event: "UPDATE",
            payload: { ...deleted, reactions: [] },
          });
        }
      });
    },

    /** Adds (or, with `add` false, removes) the viewer's reaction; repeating either is harmless. */
    async react(
      viewerUserId: number,
      input: { chat_message_id: number; reaction: string },
      add: boolean,
    ): Promise<void> {
      if (!isValidReaction(input.reaction)) throw BadRequest();
      const { stored, access } = await visibleMessage(viewerUserId, input.chat_message_id);
      if (add) {
        assertMayPost(access);
        if (stored.message.deletedAt) throw NotFound("message_not_found");
      }
      await limit(db, "chat_reaction", viewerUserId, access);
      const reaction: ChatReaction = {
        chatMessageId: stored.message.id,
        chatId: stored.message.chatId,
        userId: viewerUserId,
        reaction: input.reaction,
      };
      await withOutbox(db, realtime, async (tx, outbox) => {
        const changed = add ? await insertReaction(tx, reaction) : await deleteReaction(tx, reaction);
        // A shadow-banned user's reactions are theirs alone, like their messages.
        if (changed && !access.viewer.isShadowBanned) {
          await outbox.write(chatTopic(reaction.chatId), {
            kind: "change",
            table: "chat_reactions",
            event: add ? "INSERT" : "DELETE",
            payload: reaction,
          });
        }
      });
    },

    /** Spec 2 §7 toggle-chat: channel members and studio admins; the session topic hears of it. */
    async toggleChat(
      viewerUserId: number,
      input: { disable_chat: boolean; video_session_id: number; event_id: number },
    ): Promise<void> {
      const access = await requireTopicReader(db, viewerUserId, {
        kind: "session",
        id: input.video_session_id,
      });
      const session = sessionOf(access);
      if (session.eventId !== input.event_id) throw NotFound("session_not_found");
      if (!mayToggleChat(access.flags)) throw Forbidden();
      await withOutbox(db, realtime, async (tx, outbox) => {
        if (!(await setChatDisabled(tx, outbox, session.id, input.disable_chat)))
          throw NotFound("session_not_found");
      });
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
