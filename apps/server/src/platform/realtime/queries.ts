import type { Queryable } from "../database";

// realtime_topics (each topic's last sequence) and realtime_messages (what the outbox wrote).

/**
 * Appends one message to each topic, each under its topic row's lock (taken in the order given) with the
 * topic's next sequence; returns each topic's sequence and when it was written.
 */
export async function insertMessages(
  tx: Queryable,
  topics: readonly string[],
  message: { kind: string; event: string; table: string | null; payload: unknown },
): Promise<{ topic: string; seq: number; at: Date }[]> {
  return tx.query<{ topic: string; seq: number; at: Date }>(
    `WITH next AS (
       INSERT INTO realtime_topics AS t (topic, last_seq)
       SELECT name, 1 FROM unnest($1::text[]) WITH ORDINALITY AS given (name, n) ORDER BY n
       ON CONFLICT (topic) DO UPDATE SET last_seq = t.last_seq + 1
       RETURNING topic, last_seq
     )
     INSERT INTO realtime_messages (topic, seq, kind, event, table_name, payload)
     SELECT topic, last_seq, $2, $3, $4, $5::jsonb FROM next
     RETURNING topic, seq::int AS seq, created_at AS at`,
    [topics, message.kind, message.event, message.table, JSON.stringify(message.payload)],
  );
}

/** The topic's current sequence (0 before its first message), read in the caller's snapshot. */
export const TOPIC_SEQ_SQL = "COALESCE((SELECT last_seq FROM realtime_topics WHERE topic = $1), 0)::int";

/**
 * The topic's current sequence, for a list answer that a subscriber resumes from (`since`). Read it
 * before the list: the list is then at least as new, and the topic's messages must be idempotent.
 */
export async function topicSeq(db: Queryable, topic: string): Promise<number> {
  const [row] = await db.query<{ seq: number }>(`SELECT ${TOPIC_SEQ_SQL} AS seq`, [topic]);
  return row?.seq ?? 0;
}
