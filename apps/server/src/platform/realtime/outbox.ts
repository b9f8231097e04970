import type { TopicMessage } from "@onstage/domain";
import type { Database, Queryable } from "../database";
import type { Publisher } from "./port";

export type ChangeEvent = "INSERT" | "UPDATE" | "DELETE";

/**
 * Records topic messages inside the caller's transaction: each takes the topic's next sequence under
 * the topic row's lock, so sequence order is commit order and a crash after commit loses nothing.
 */
export class Outbox {
  readonly messages: TopicMessage[] = [];

  constructor(private readonly tx: Queryable) {}

  change(topic: string, event: ChangeEvent, table: string, payload: unknown): Promise<TopicMessage> {
    return this.append(topic, "change", event, table, payload);
  }

  broadcast(topic: string, event: string, payload: unknown): Promise<TopicMessage> {
    return this.append(topic, "broadcast", event, null, payload);
  }

  private async append(
    topic: string,
    kind: TopicMessage["kind"],
    event: string,
    table: string | null,
    payload: unknown,
  ): Promise<TopicMessage> {
    const [row] = await this.tx.query<{ seq: number; at: Date }>(
      `WITH next AS (
         INSERT INTO realtime_topics AS t (topic, last_seq) VALUES ($1, 1)
         ON CONFLICT (topic) DO UPDATE SET last_seq = t.last_seq + 1
         RETURNING last_seq
       )
       INSERT INTO realtime_messages (topic, seq, kind, event, table_name, payload)
       SELECT $1, last_seq, $2, $3, $4, $5::jsonb FROM next
       RETURNING seq::int AS seq, created_at AS at`,
      [topic, kind, event, table, JSON.stringify(payload)],
    );
    if (!row) throw new Error(`no sequence for topic ${topic}`);
    const message: TopicMessage = {
      topic,
      seq: row.seq,
      kind,
      event,
      ...(table ? { table } : {}),
      payload,
      at: row.at.toISOString(),
    };
    this.messages.push(message);
    return message;
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
