import type { ChatMessage, ChatReaction } from "@onstage/domain";
import { banSql } from "../../kernel/bans/queries";
import type { Queryable } from "../../platform/database";
import { TOPIC_SEQ_SQL } from "../../platform/realtime/queries";

// Chat rows (spec 2 §3, §7). Shadow bans are per event (bans.is_shadow): an author or reactor under one
// is seen by nobody but themselves.

const shadowBanned = (userColumn: string, eventParam: string) =>
  banSql("shadow", { user: userColumn, event: eventParam });

/** The reactions of message `m`, without those of shadow-banned users other than `viewerParam`. */
const reactionsOf = (eventParam: string, viewerParam: string) => `coalesce((
  SELECT json_agg(json_build_object('chatMessageId', r.chat_message_id, 'chatId', r.chat_id,
                                    'userId', r.user_id, 'reaction', r.reaction)
                  ORDER BY r.created_at, r.user_id, r.reaction)
    FROM chat_reactions r
   WHERE r.chat_message_id = m.id
     AND (r.user_id = ${viewerParam} OR NOT ${shadowBanned("r.user_id", eventParam)})), '[]'::json)`;

const MESSAGE_COLUMNS = `
  m.id, m.chat_id, m.user_id, m.message, m."timestamp", m.updated_at, m.deleted_at,
  u.first_name, u.last_name, u.profile_photo`;

interface MessageRow {
  id: number;
  chat_id: number;
  user_id: number;
  message: string;
  timestamp: Date;
  updated_at: Date | null;
  deleted_at: Date | null;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  reactions?: ChatReaction[];
}

function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    chatId: r.chat_id,
    userId: r.user_id,
    // A deleted message carries no text to anyone (payload convention, issue 6).
    message: r.deleted_at ? "" : r.message,
    timestamp: r.timestamp.toISOString(),
    updatedAt: r.updated_at?.toISOString() ?? null,
    deletedAt: r.deleted_at?.toISOString() ?? null,
    user: {
      id: r.user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      profilePhoto: r.profile_photo,
    },
    reactions: r.reactions ?? [],
  };
}

/**
 * Spec 2 §7 history: not deleted, id descending, older pages below `beforeId`, the replay's page at or
 * before `beforeTime` (issue 12 §11), with the page's
 * reactions and the chat topic's sequence read in the same statement, so the page and `seq` agree.
 */
export async function historyPage(
  db: Queryable,
  input: {
    chatId: number;
    eventId: number;
    viewerUserId: number | null;
    beforeId?: number;
    beforeTime?: string;
    take: number;
  },
): Promise<{ seq: number; messages: ChatMessage[] }> {
  const rows = await db.query<{ seq: number } & Partial<MessageRow>>(
    `SELECT s.seq, p.* FROM (SELECT ${TOPIC_SEQ_SQL} AS seq) s
       LEFT JOIN LATERAL (
         SELECT ${MESSAGE_COLUMNS}, ${reactionsOf("$5", "$3::bigint")} AS reactions
           FROM chat_messages m JOIN users u ON u.id = m.user_id
          WHERE m.chat_id = $2 AND m.deleted_at IS NULL AND ($4::bigint IS NULL OR m.id < $4::bigint)
            AND ($7::timestamptz IS NULL OR m."timestamp" <= $7::timestamptz)
            AND (m.user_id = $3::bigint OR NOT ${shadowBanned("m.user_id", "$5")})
          ORDER BY m.id DESC
          LIMIT $6
       ) p ON true
      ORDER BY p.id DESC`,
    [
      `chat:${input.chatId}`,
      input.chatId,
      input.viewerUserId,
      input.beforeId ?? null,
      input.eventId,
      input.take,
      input.beforeTime ?? null,
    ],
  );
  const seq = rows[0]?.seq ?? 0;
  const messages = rows.filter((r): r is { seq: number } & MessageRow => r.id != null).map(toMessage);
  return { seq, messages };
}

export async function insertMessage(
  tx: Queryable,
  input: { chatId: number; userId: number; message: string },
): Promise<ChatMessage> {
  const [r] = await tx.query<MessageRow>(
    `WITH m AS (
       INSERT INTO chat_messages (chat_id, user_id, message) VALUES ($1, $2, $3) RETURNING *
     )
     SELECT ${MESSAGE_COLUMNS} FROM m JOIN users u ON u.id = m.user_id`,
    [input.chatId, input.userId, input.message],
  );
  if (!r) throw new Error("chat message not inserted");
  return toMessage(r);
}

export interface StoredMessage {
  message: ChatMessage;
  /** The text as stored, also for a deleted message. */
  text: string;
  eventId: number;
  authorShadowBanned: boolean;
}

/** A message with its event and whether its author is shadow-banned there; null when unknown. */
export async function findMessage(db: Queryable, id: number, lock = false): Promise<StoredMessage | null> {
  const [r] = await db.query<MessageRow & { event_id: number; author_shadow_banned: boolean }>(
    `SELECT ${MESSAGE_COLUMNS}, vs.event_id, ${reactionsOf("vs.event_id", "NULL::bigint")} AS reactions,
            ${shadowBanned("m.user_id", "vs.event_id")} AS author_shadow_banned
       FROM chat_messages m JOIN users u ON u.id = m.user_id
       JOIN chats c ON c.id = m.chat_id JOIN video_sessions vs ON vs.id = c.video_session_id
      WHERE m.id = $1 ${lock ? "FOR NO KEY UPDATE OF m" : ""}`,
    [id],
  );
  if (!r) return null;
  return {
    message: toMessage(r),
    text: r.message,
    eventId: r.event_id,
    authorShadowBanned: r.author_shadow_banned,
  };
}

/** An edit: new text and updated_at (spec 2 §7 update of message and updated_at). */
export async function updateMessageText(tx: Queryable, id: number, text: string): Promise<void> {
  await tx.query("UPDATE chat_messages SET message = $2, updated_at = now() WHERE id = $1", [id, text]);
}

/** Soft delete (spec 2 §3 deleted_at); the stored text stays for moderation, nobody is served it. */
export async function softDeleteMessage(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    "UPDATE chat_messages SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id",
    [id],
  );
  return rows.length > 0;
}

/** Adds a reaction; false when this user already reacted so (idempotent). */
export async function insertReaction(tx: Queryable, reaction: ChatReaction): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO chat_reactions (chat_message_id, user_id, reaction, chat_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING chat_message_id`,
    [reaction.chatMessageId, reaction.userId, reaction.reaction, reaction.chatId],
  );
  return rows.length > 0;
}

/** Removes a reaction; false when there was none (idempotent). */
export async function deleteReaction(tx: Queryable, reaction: ChatReaction): Promise<boolean> {
  const rows = await tx.query(
    `DELETE FROM chat_reactions WHERE chat_message_id = $1 AND user_id = $2 AND reaction = $3
     RETURNING chat_message_id`,
    [reaction.chatMessageId, reaction.userId, reaction.reaction],
  );
  return rows.length > 0;
}
