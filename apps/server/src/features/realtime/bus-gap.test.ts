import type { TopicMessage } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { expect, test } from "vitest";
import { describeOnPglite } from "../../testing/databases";
import { eventually } from "../../testing/realtime";
import { publishChanges } from "../../testing/sample-messages";
import { busGap } from "./bus-gap";
import type { RealtimeIo } from "./socket";

// Issue 23 §2.11's catch-up, on its own: a node notices Redis gone a moment after it went, and what
// other nodes committed in that moment reaches its viewers too (found by redis-outage.test on CI).

const TOPIC = "chat:1";
const noBus = { publish: () => undefined };
/** A node whose clients follow TOPIC. */
const io = {
  of: () => ({ adapter: { rooms: new Map([[TOPIC, new Set(["socket"])]]) } }),
} as unknown as RealtimeIo;
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

describeOnPglite("the bus gap", (use) => {
  test("messages committed between the loss and its noticing are handed over", async () => {
    const handed: TopicMessage[] = [];
    const gap = busGap(io, use(), (_topic, batch) => handed.push(...batch), { intervalMs: 20, log });
    try {
      // Delivered over the bus while it was up.
      gap.delivered(TOPIC, await publishChanges(use(), noBus, TOPIC, 3));
      // The bus is gone; other nodes commit before this one notices.
      await publishChanges(use(), noBus, TOPIC, 5);
      gap.busDown();
      await eventually("the five missed", () => handed.length === 5, 2_000);
      expect(handed.map((m) => m.seq)).toEqual([4, 5, 6, 7, 8]);
    } finally {
      gap.stop();
    }
  });
});
