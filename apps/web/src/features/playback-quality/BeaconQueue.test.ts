import {
  type PlaybackEvent,
  VIDEO_ANALYTICS_BASE_INTERVAL_MS,
  VIDEO_ANALYTICS_BEACON_BATCH_EVENTS,
  VIDEO_ANALYTICS_PAYLOAD_MAX_KB,
  VIDEO_ANALYTICS_QUEUE_MAX_EVENTS,
} from "@onstage/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BeaconQueue, type BeaconTransport, type SendOutcome } from "./BeaconQueue";

const ENVELOPE = {
  viewerId: "viewer-0001",
  viewSessionId: "visit-0001",
  viewId: "view-00001",
  sessionId: 7,
  delivery: "hls" as const,
};

/** A transport that records what it was given and answers from a script. */
function recorder(answers: SendOutcome[] = []) {
  const posts: PlaybackEvent[][] = [];
  const beacons: PlaybackEvent[][] = [];
  const transport: BeaconTransport = {
    post: async (body) => {
      posts.push(JSON.parse(body).events);
      return answers.shift() ?? "sent";
    },
    beacon: (body) => {
      beacons.push(JSON.parse(body).events);
    },
  };
  return { transport, posts, beacons };
}

const heartbeat: PlaybackEvent = {
  type: "heartbeat",
  watchedMs: 10_000,
  droppedFrames: 0,
  rendition: null,
  upscale: null,
};

describe("BeaconQueue (spec 3 §8, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends every base interval, at most 300 events a batch, the rest at once after", async () => {
    const { transport, posts } = recorder();
    const queue = new BeaconQueue(ENVELOPE, transport);
    for (let i = 0; i < 350; i++) queue.push(heartbeat);
    await vi.advanceTimersByTimeAsync(VIDEO_ANALYTICS_BASE_INTERVAL_MS - 1);
    expect(posts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts.map((batch) => batch.length)).toEqual([VIDEO_ANALYTICS_BEACON_BATCH_EVENTS, 50]);
    queue.close();
  });

  it("keeps a batch under the payload cap by sending fewer events", async () => {
    const { transport, posts } = recorder();
    const queue = new BeaconQueue(ENVELOPE, transport);
    const big: PlaybackEvent = { type: "error", code: "x", message: "m".repeat(50_000), fatal: false };
    for (let i = 0; i < 20; i++) queue.push(big);
    await queue.flush();
    for (const batch of posts)
      expect(JSON.stringify(batch).length).toBeLessThan(VIDEO_ANALYTICS_PAYLOAD_MAX_KB * 1024);
    expect(posts.flat()).toHaveLength(20);
    queue.close();
  });

  it("retries a failed send with a growing random back-off, keeping the order", async () => {
    const { transport, posts } = recorder(["retry", "retry", "sent"]);
    const queue = new BeaconQueue(ENVELOPE, transport, () => 1);
    queue.push({ type: "viewstart" });
    await queue.flush();
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(posts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toEqual([[{ type: "viewstart" }], [{ type: "viewstart" }], [{ type: "viewstart" }]]);
    queue.close();
  });

  it("a full queue sends 'eventrateexceeded' and stops", async () => {
    const { transport, posts } = recorder();
    const queue = new BeaconQueue(ENVELOPE, transport);
    for (let i = 0; i <= VIDEO_ANALYTICS_QUEUE_MAX_EVENTS; i++) queue.push(heartbeat);
    queue.push({ type: "viewend" });
    await vi.advanceTimersByTimeAsync(VIDEO_ANALYTICS_BASE_INTERVAL_MS * 3);
    expect(posts).toEqual([[{ type: "eventrateexceeded" }]]);
    expect(queue.isStopped).toBe(true);
  });

  it("a rate-limited answer sends 'eventrateexceeded' and stops", async () => {
    const { transport, posts } = recorder(["rate-limited"]);
    const queue = new BeaconQueue(ENVELOPE, transport);
    queue.push(heartbeat);
    await queue.flush();
    queue.push(heartbeat);
    await vi.advanceTimersByTimeAsync(VIDEO_ANALYTICS_BASE_INTERVAL_MS * 3);
    expect(posts).toEqual([[heartbeat], [{ type: "eventrateexceeded" }]]);
  });

  it("a refused batch is dropped and the queue goes on", async () => {
    const { transport, posts } = recorder(["refused"]);
    const queue = new BeaconQueue(ENVELOPE, transport);
    queue.push({ type: "viewstart" });
    await queue.flush();
    queue.push(heartbeat);
    await vi.advanceTimersByTimeAsync(VIDEO_ANALYTICS_BASE_INTERVAL_MS);
    expect(posts).toEqual([[{ type: "viewstart" }], [heartbeat]]);
    queue.close();
  });

  it("when the page hides, what waits goes by sendBeacon; a renewed view sends the old one's first", () => {
    const { transport, beacons } = recorder();
    const queue = new BeaconQueue(ENVELOPE, transport);
    queue.push({ type: "viewend" });
    queue.renew({ ...ENVELOPE, viewId: "view-00002" });
    queue.push({ type: "viewstart" });
    queue.handOver();
    expect(beacons).toEqual([[{ type: "viewend" }], [{ type: "viewstart" }]]);
    queue.close();
  });
});
