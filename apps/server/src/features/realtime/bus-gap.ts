import { parseTopic, type TopicMessage } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import { messagesBetween, topicSeqs } from "./queries";
import type { RealtimeIo } from "./socket";

// Issue 23 §2.11: while Redis is away, other nodes' messages do not reach this node; its viewers heard
// nothing until their own node published. On a timer, the node reads the sequences of the topics its
// clients follow and hands them what committed elsewhere (realtime_messages holds it). When the bus is
// back, a copy that also arrives over Redis is dropped by the client by its sequence. A node notices the
// loss a moment after it happened, and what committed in between must be handed over too: so the newest
// sequence delivered is kept for every topic all along, not read when the loss is noticed.

export interface BusGap {
  /** A batch this node handed to its subscribers (its own or another node's). */
  delivered(topic: string, batch: readonly TopicMessage[]): void;
  busDown(): void;
  busUp(): void;
  stop(): void;
}

/** The delivered sequences kept before the topics nobody follows are dropped from them. */
const PRUNE_AT_TOPICS = 10_000;

export function busGap(
  io: RealtimeIo,
  db: Database,
  deliver: (topic: string, batch: TopicMessage[]) => void,
  options: { intervalMs: number; log: FastifyBaseLogger },
): BusGap {
  /** The newest sequence this node delivered per topic (pruned to the followed ones now and then). */
  const lastDelivered = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  const followedTopics = () =>
    [...io.of("/").adapter.rooms.keys()].filter((room) => parseTopic(room) !== null);

  /** The sequences now of followed topics never delivered here: what committed before is taken as delivered. */
  async function snapshot(): Promise<void> {
    const topics = followedTopics().filter((topic) => !lastDelivered.has(topic));
    if (topics.length === 0) return;
    for (const [topic, seq] of await topicSeqs(db, topics)) lastDelivered.set(topic, seq);
    for (const topic of topics) if (!lastDelivered.has(topic)) lastDelivered.set(topic, 0);
  }

  async function catchUp(): Promise<void> {
    await snapshot();
    const topics = followedTopics();
    if (topics.length === 0) return;
    for (const [topic, seq] of await topicSeqs(db, topics)) {
      const since = lastDelivered.get(topic) ?? seq;
      if (seq <= since) continue;
      const missed = await messagesBetween(db, topic, since, seq);
      if (missed.length > 0) deliver(topic, missed);
    }
  }

  function stopPolling() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  /** Topics nobody here follows any more are forgotten (they would come back through a snapshot). */
  function prune() {
    const followed = new Set(followedTopics());
    for (const topic of lastDelivered.keys()) if (!followed.has(topic)) lastDelivered.delete(topic);
  }

  const poll = () => {
    if (polling) return;
    polling = true;
    catchUp()
      .catch((err: unknown) =>
        options.log.warn({ err }, "realtime: could not read what other nodes published"),
      )
      .finally(() => {
        polling = false;
      });
  };

  return {
    delivered(topic, batch) {
      const last = batch.at(-1)?.seq;
      if (last !== undefined && last > (lastDelivered.get(topic) ?? 0)) lastDelivered.set(topic, last);
      if (lastDelivered.size > PRUNE_AT_TOPICS) prune();
    },
    busDown() {
      if (timer) return;
      void snapshot().catch(() => undefined);
      timer = setInterval(poll, options.intervalMs);
    },
    // Back, the bus carries every node's messages again (and the clients resume what it lost).
    busUp() {
      stopPolling();
      prune();
    },
    stop() {
      stopPolling();
      lastDelivered.clear();
    },
  };
}
