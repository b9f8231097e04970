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
import { insertMessages } from "./queries";

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
    const rows = await insertMessages(this.tx, names, {
      kind: checked.kind,
      event: checked.event,
      table: checked.kind === "change" ? checked.table : null,
      payload: checked.payload,
    });
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
