import {
  type Topic,
  TopicBodies,
  type TopicBody,
  type TopicKind,
  type TopicMessage,
  topicName,
} from "@onstage/domain";
import type { Database, Queryable } from "../database";
import type { Publisher } from "./port";

/**
 * Records topic messages inside the caller's transaction: each takes the topic's next sequence under
 * the topic row's lock, so sequence order is commit order and a crash after commit loses nothing.
 */
export class Outbox {
  readonly messages: TopicMessage[] = [];

  constructor(private readonly tx: Queryable) {}

  /** Only the messages the contract names for this topic kind (domain TopicBodies), as it shapes them. */
  async write<K extends TopicKind>(topic: Topic<K>, body: TopicBody<K>): Promise<TopicMessage> {
    const [message] = await this.writeEach(topic.kind, [topic.id], body);
    if (!message) throw new Error(`no sequence for topic ${topicName(topic)}`);
    return message;
  }

  /**
   * The same message on several topics of a kind (a person's standing on every event of a channel), in
   * one statement: the topics' rows are locked in the order given.
   */
  async writeEach<K extends TopicKind>(
    kind: K,
    ids: readonly number[],
    body: TopicBody<K>,
  ): Promise<TopicMessage[]> {
    const checked = TopicBodies[kind].parse(body) as TopicBody<K>;
    const names = [...new Set(ids)].map((id) => topicName({ kind, id } as Topic<K>));
    if (names.length === 0) return [];
    const table = checked.kind === "change" ? checked.table : null;
    const rows = await this.tx.query<{ topic: string; seq: number; at: Date }>(
      `WITH next AS (
         INSERT INTO realtime_topics AS t (topic, last_seq)
         SELECT name, 1 FROM unnest($1::text[]) WITH ORDINALITY AS given (name, n) ORDER BY n
         ON CONFLICT (topic) DO UPDATE SET last_seq = t.last_seq + 1
         RETURNING topic, last_seq
       )
       INSERT INTO realtime_messages (topic, seq, kind, event, table_name, payload)
       SELECT topic, last_seq, $2, $3, $4, $5::jsonb FROM next
       RETURNING topic, seq::int AS seq, created_at AS at`,
      [names, checked.kind, checked.event, table, JSON.stringify(checked.payload)],
    );
    const byTopic = new Map(rows.map((row) => [row.topic, row]));
    const messages = names.flatMap((name): TopicMessage[] => {
      const row = byTopic.get(name);
      return row ? [{ topic: name, seq: row.seq, ...checked, at: row.at.toISOString() }] : [];
    });
    this.messages.push(...messages);
    return messages;
  }
}

/** Runs `work` in one transaction with an outbox, and publishes its messages once it has committed. */
export async function withOutbox<T>(
  db: Database,
  publisher: Publisher,
  work: (tx: Queryable, outbox: Outbox) => Promise<T>,
): Promise<T> {
  let outbox: Outbox | undefined;
  const result = await db.transaction(async (tx) => {
    outbox = new Outbox(tx);
    return work(tx, outbox);
  });
  if (outbox && outbox.messages.length > 0) publisher.publish(outbox.messages);
  return result;
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
