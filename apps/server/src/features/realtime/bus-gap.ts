import { parseTopic, type TopicMessage } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import { messagesBetween, topicSeqs } from "./queries";
import type { RealtimeIo } from "./socket";

// Issue 23 §2.11: while Redis is away, other nodes' messages do not reach this node; its viewers heard
// nothing until their own node published. On a timer, the node reads the sequences of the topics its
// clients follow and hands them what committed elsewhere (realtime_messages holds it). When the bus is
// back, a copy that also arrives over Redis is dropped by the client by its sequence.

export interface BusGap {
  /** A batch this node handed to its subscribers (its own or another node's). */
  delivered(topic: string, batch: readonly TopicMessage[]): void;
  busDown(): void;
  busUp(): void;
  stop(): void;
}

export function busGap(
  io: RealtimeIo,
  db: Database,
  deliver: (topic: string, batch: TopicMessage[]) => void,
  options: { intervalMs: number; log: FastifyBaseLogger },
): BusGap {
  /** While the bus is away: the newest sequence this node delivered per topic it follows. */
  const lastDelivered = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  const followedTopics = () =>
    [...io.of("/").adapter.rooms.keys()].filter((room) => parseTopic(room) !== null);

  /** The topics' sequences now: what committed before this is taken as delivered. */
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

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    lastDelivered.clear();
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
      if (!timer) return;
      const last = batch.at(-1)?.seq;
      if (last !== undefined && last > (lastDelivered.get(topic) ?? 0)) lastDelivered.set(topic, last);
    },
    busDown() {
      if (timer) return;
      void snapshot().catch(() => undefined);
      timer = setInterval(poll, options.intervalMs);
    },
    // Back, the bus carries every node's messages again (and the clients resume what it lost).
    busUp: stop,
    stop,
  };
}
