import type { TopicMessage } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { TOPIC_SEQ_SQL } from "../../platform/realtime/queries";

/** The topic's last committed sequence (0 before its first message). */
export async function topicSeq(db: Queryable, topic: string): Promise<number> {
  const [r] = await db.query<{ seq: number }>(`SELECT ${TOPIC_SEQ_SQL} AS seq`, [topic]);
  return r?.seq ?? 0;
}

/** The last committed sequence of each of these topics that has had a message. */
export async function topicSeqs(db: Queryable, topics: string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ topic: string; seq: number }>(
    "SELECT topic, last_seq::int AS seq FROM realtime_topics WHERE topic = ANY($1::text[])",
    [topics],
  );
  return new Map(rows.map((row) => [row.topic, row.seq]));
}

interface MessageRow {
  seq: number;
  kind: TopicMessage["kind"];
  event: string;
  table_name: string | null;
  payload: unknown;
  created_at: Date;
}

/** The retained messages after `since` up to `upTo`, in sequence order. */
export async function messagesBetween(
  db: Queryable,
  topic: string,
  since: number,
  upTo: number,
): Promise<TopicMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT seq::int AS seq, kind, event, table_name, payload, created_at
       FROM realtime_messages
      WHERE topic = $1 AND seq > $2 AND seq <= $3
      ORDER BY seq`,
    [topic, since, upTo],
  );
  return rows.map((r) => ({
    topic,
    seq: r.seq,
    kind: r.kind,
    event: r.event,
    ...(r.table_name === null ? {} : { table: r.table_name }),
    payload: r.payload,
    at: r.created_at.toISOString(),
  }));
}

/** Deletes messages older than `retentionMs`; topic rows stay so sequences never restart. */
export async function deleteMessagesOlderThan(db: Queryable, retentionMs: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM realtime_messages WHERE created_at < now() - $1 * interval '1 millisecond' RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [retentionMs],
  );
  return r?.n ?? 0;
}
