import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { LlHlsState } from "../../media/ll-hls/state";
import { type LowLatencyChange, type LowLatencyChannel, LowLatencyStreams } from "../../media/ll-hls/streams";
import { lowLatencyPlaylist, untilWritten } from "./low-latency";

// The media route's LL-HLS answers on the server's registry, as the media process's publishes drive it.

const THIRD = 1 / 3;

/** A live stream whose newest part is `index` of segment `msn` (earlier segments complete, 3 parts each). */
function stateAt(msn: number, index: number, hasEnded = false): LlHlsState {
  const segments = Array.from({ length: msn + 1 }, (_, n) => {
    const partCount = n < msn ? 3 : index + 1;
    return {
      msn: n,
      run: 0,
      programDateMs: n * 1000,
      durationSeconds: partCount * THIRD,
      parts: Array.from({ length: partCount }, (_, i) => ({
        index: i,
        durationSeconds: THIRD,
        isIndependent: i === 0,
      })),
      isComplete: n < msn || hasEnded,
    };
  });
  return {
    targetDurationSeconds: 1,
    partTargetSeconds: 0.39,
    segments,
    nextPart: hasEnded ? null : { msn, index: index + 1 },
    hasEnded,
  };
}

describe("LL-HLS answers", () => {
  let streams: LowLatencyStreams;
  const open = () => () => ({ client: "127.0.0.1", signal: new AbortController().signal });
  beforeEach(() => {
    vi.useFakeTimers();
    streams = new LowLatencyStreams();
    streams.publish(1, 2, stateAt(4, 0));
  });
  afterEach(() => vi.useRealTimers());
  const stream = () => streams.find(1, 2) as NonNullable<ReturnType<LowLatencyStreams["find"]>>;

  test.each([
    { query: { _HLS_part: "1" }, reason: /without _HLS_msn/ },
    { query: { _HLS_msn: "7" }, reason: /two segments ahead/ },
    { query: { _HLS_msn: "1e3" }, reason: /non-negative integer/ },
    { query: { _HLS_msn: ["4", "5"] }, reason: /non-negative integer/ },
    { query: { _HLS_skip: "yes" }, reason: /YES or v2/ },
  ])("refuses $query", async ({ query, reason }) => {
    const answer = await lowLatencyPlaylist(stream(), query, open());
    expect(answer).toMatchObject({ status: 400, message: expect.stringMatching(reason) });
  });

  test("a reload naming a published part is answered at once; a plain one has the live cache rule", async () => {
    expect(await lowLatencyPlaylist(stream(), { _HLS_msn: "4", _HLS_part: "0" }, open())).toMatchObject({
      status: 200,
      cacheControl: "public, max-age=6",
    });
    expect(await lowLatencyPlaylist(stream(), {}, open())).toMatchObject({
      cacheControl: "public, max-age=1",
    });
  });

  test("a blocked reload is answered by the publish of its part, with the playlist that lists it", async () => {
    const answer = lowLatencyPlaylist(stream(), { _HLS_msn: "4", _HLS_part: "2" }, open());
    streams.publish(1, 2, stateAt(4, 1));
    streams.publish(1, 2, stateAt(4, 2));
    const answered = await answer;
    expect(answered.status === 200 && answered.body).toContain('URI="s4-p2.m4s"');
  });

  test("a blocked reload not satisfied in three target durations is a 503; the hinted part's wait ends too", async () => {
    const answer = lowLatencyPlaylist(stream(), { _HLS_msn: "5" }, open());
    const part = untilWritten(stream(), "s4-p1.m4s", open());
    await vi.advanceTimersByTimeAsync(3000);
    expect(await answer).toMatchObject({ status: 503 });
    await expect(part).resolves.toBeUndefined();
  });

  test("the end releases every held request with the ended playlist, kept a minute", async () => {
    const answer = lowLatencyPlaylist(stream(), { _HLS_msn: "6" }, open());
    streams.publish(1, 2, stateAt(4, 1, true));
    const answered = await answer;
    expect(answered.status === 200 && answered.body).toContain("#EXT-X-ENDLIST");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams.find(1, 2)).toBeNull();
  });

  test("a client that goes away frees its place; a forgotten stream answers what it holds", async () => {
    const leaving = new AbortController();
    const part = untilWritten(stream(), "s4-p1.m4s", () => ({ client: "127.0.0.1", signal: leaving.signal }));
    leaving.abort();
    await expect(part).resolves.toBeUndefined();
    const held = lowLatencyPlaylist(stream(), { _HLS_msn: "5" }, open());
    streams.forget(1, 2);
    expect(await held).toMatchObject({ status: 200 });
    expect(streams.find(1, 2)).toBeNull();
  });

  test("an RTMP ladder's renditions: each its own stream, offered while one is live, all forgotten at once", () => {
    streams.forget(1, 2);
    expect(streams.offers(1, 2)).toBe(false);
    streams.publish(1, 2, stateAt(4, 0), "720p");
    streams.publish(1, 2, stateAt(2, 1), "360p");
    expect(streams.find(1, 2, "360p")?.state.segments).toHaveLength(3);
    expect(streams.find(1, 2)).toBeNull();
    expect(streams.offers(1, 2)).toBe(true);
    // A captioned stream's new viewers get standard HLS, while its renditions are still packaged.
    streams.withhold(1, 2, true);
    expect(streams.offers(1, 2)).toBe(false);
    streams.withhold(1, 2, false);
    expect(streams.offers(1, 2)).toBe(true);
    streams.publish(1, 2, stateAt(4, 1, true), "720p");
    streams.publish(1, 2, stateAt(2, 2, true), "360p");
    expect(streams.offers(1, 2)).toBe(false);
    streams.forget(1, 2);
    expect([streams.find(1, 2, "720p"), streams.find(1, 2, "360p")]).toEqual([null, null]);
  });
});

describe("LL-HLS shared between nodes (S3_* and Redis)", () => {
  /** Two nodes' registries joined as a Redis channel joins them: each hears the other, not itself. */
  function twoNodes(now: () => number) {
    const nodes = [new LowLatencyStreams(now), new LowLatencyStreams(now)] as const;
    const listeners: ((change: LowLatencyChange) => void)[] = [];
    nodes.forEach((node, i) => {
      const channel: LowLatencyChannel = {
        send: (change) => listeners[1 - i]?.(structuredClone(change)),
        onMessage: (listener) => {
          listeners[i] = listener;
        },
      };
      node.share(channel);
    });
    return nodes;
  }

  test("a packager's publishes, a withhold and a forget on one node reach the other", () => {
    const [packaging, serving] = twoNodes(Date.now);
    packaging.publish(1, 2, stateAt(3, 1), "720p");
    expect(serving.find(1, 2, "720p")?.state.nextPart).toEqual({ msn: 3, index: 2 });
    expect(serving.offers(1, 2)).toBe(true);
    packaging.withhold(1, 2, true);
    expect(serving.offers(1, 2)).toBe(false);
    serving.withhold(1, 2, false);
    expect(packaging.offers(1, 2)).toBe(true);
    packaging.forget(1, 2);
    expect(serving.find(1, 2, "720p")).toBeNull();
  });

  test("a stream whose packager went silent (its node died) is not offered, then forgotten", () => {
    let now = 1_000_000;
    const [packaging, serving] = twoNodes(() => now);
    packaging.publish(1, 2, stateAt(3, 1));
    now += 10_001;
    expect(serving.offers(1, 2)).toBe(false);
    // Another stream's publish a minute later sweeps it away.
    now += 60_000;
    packaging.publish(1, 3, stateAt(0, 0));
    expect(serving.find(1, 2)).toBeNull();
    expect(serving.offers(1, 3)).toBe(true);
  });
});
