import { afterEach, describe, expect, test, vi } from "vitest";
import { type PlaylistPosition, ReloadWaiters, reloadVerdict } from "./blocking";
import { parseReloadQuery } from "./reload-query";

// Live at segment 5, part 1 (segments up to 4 complete).
const LIVE: PlaylistPosition = { newest: { msn: 5, index: 1 }, lastCompleteMsn: 4, hasEnded: false };
const ENDED: PlaylistPosition = { ...LIVE, hasEnded: true };
const EMPTY: PlaylistPosition = { newest: null, lastCompleteMsn: null, hasEnded: false };

describe("the blocking reload rule", () => {
  test.each([
    { case: "a part already published", msn: 5, part: 1, at: LIVE, want: "answer" },
    { case: "a part of an older segment", msn: 3, part: 9, at: LIVE, want: "answer" },
    { case: "the next part", msn: 5, part: 2, at: LIVE, want: "hold" },
    { case: "the next segment's first part", msn: 6, part: 0, at: LIVE, want: "hold" },
    { case: "a complete segment", msn: 4, part: null, at: LIVE, want: "answer" },
    { case: "the segment in progress, whole", msn: 5, part: null, at: LIVE, want: "hold" },
    { case: "two segments ahead", msn: 7, part: 0, at: LIVE, want: "hold" },
    { case: "three segments ahead", msn: 8, part: null, at: LIVE, want: "bad_request" },
    { case: "the first part before any", msn: 0, part: 0, at: EMPTY, want: "hold" },
    { case: "far ahead before any part", msn: 2, part: 0, at: EMPTY, want: "bad_request" },
    { case: "anything once ended", msn: 99, part: 0, at: ENDED, want: "answer" },
  ])("$case → $want", ({ msn, part, at, want }) => {
    expect(reloadVerdict({ msn, part }, at)).toBe(want);
  });
});

describe("the delivery directives", () => {
  test.each([
    { case: "none", query: {}, want: { awaited: null, skip: false } },
    { case: "a segment", query: { _HLS_msn: "12" }, want: { awaited: { msn: 12, part: null }, skip: false } },
    {
      case: "a part",
      query: { _HLS_msn: "0", _HLS_part: "3" },
      want: { awaited: { msn: 0, part: 3 }, skip: false },
    },
    { case: "a delta update", query: { _HLS_skip: "YES" }, want: { awaited: null, skip: true } },
    { case: "a v2 delta update", query: { _HLS_skip: "v2" }, want: { awaited: null, skip: true } },
    { case: "other parameters", query: { token: "x" }, want: { awaited: null, skip: false } },
  ])("$case is read", ({ query, want }) => {
    expect(parseReloadQuery(query)).toEqual({ ok: true, query: want });
  });

  test.each([
    { case: "a part without a segment", query: { _HLS_part: "1" } },
    { case: "a negative msn", query: { _HLS_msn: "-1" } },
    { case: "a fraction", query: { _HLS_msn: "1.5" } },
    { case: "a leading zero", query: { _HLS_msn: "01" } },
    { case: "a leading plus", query: { _HLS_msn: "+1" } },
    { case: "spaces", query: { _HLS_msn: " 1" } },
    { case: "an empty value", query: { _HLS_msn: "" } },
    { case: "a huge msn", query: { _HLS_msn: "99999999999" } },
    { case: "past 32 bits", query: { _HLS_msn: "4294967296" } },
    { case: "a huge part", query: { _HLS_msn: "1", _HLS_part: "1e9" } },
    { case: "a repeated msn", query: { _HLS_msn: ["1", "2"] } },
    { case: "another skip value", query: { _HLS_skip: "yes" } },
  ])("$case is refused", ({ query }) => {
    expect(parseReloadQuery(query)).toMatchObject({ ok: false });
  });
});

/** One client address. */
const A = { client: "a" };

describe("held reloads", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a held request is released by the publish that reaches it, not before", async () => {
    const waiters = new ReloadWaiters({ timeoutMs: 3000 });
    let outcome: string | null = null;
    void waiters.hold({ msn: 6, part: 0 }, LIVE, A).then((o) => {
      outcome = o;
    });
    waiters.publish({ newest: { msn: 5, index: 2 }, lastCompleteMsn: 4, hasEnded: false });
    await Promise.resolve();
    expect(outcome).toBeNull();
    waiters.publish({ newest: { msn: 6, index: 0 }, lastCompleteMsn: 5, hasEnded: false });
    await vi.waitFor(() => expect(outcome).toBe("ready"));
    expect(waiters.heldCount).toBe(0);
  });

  test("a request not reached in time times out (503)", async () => {
    vi.useFakeTimers();
    const waiters = new ReloadWaiters({ timeoutMs: 3000 });
    const outcome = waiters.hold({ msn: 6, part: 0 }, LIVE, A);
    vi.advanceTimersByTime(3000);
    expect(await outcome).toBe("timeout");
    expect(waiters.heldCount).toBe(0);
  });

  test("past the cap a request is answered at once", async () => {
    const waiters = new ReloadWaiters({ timeoutMs: 3000, maxHeld: 2 });
    const held = [waiters.hold({ msn: 6, part: 0 }, LIVE, A), waiters.hold({ msn: 6, part: 0 }, LIVE, A)];
    expect(await waiters.hold({ msn: 6, part: 0 }, LIVE, A)).toBe("busy");
    waiters.close();
    expect(await Promise.all(held)).toEqual(["closed", "closed"]);
  });

  test("one client address holds at most its share; another still gets a place, and a freed place is reused", async () => {
    const waiters = new ReloadWaiters({ timeoutMs: 3000, maxHeldPerClient: 2 });
    const held = [waiters.hold({ msn: 6, part: 0 }, LIVE, A), waiters.hold({ msn: 6, part: 1 }, LIVE, A)];
    expect(await waiters.hold({ msn: 6, part: 2 }, LIVE, A)).toBe("busy");
    const other = waiters.hold({ msn: 6, part: 0 }, LIVE, { client: "b" });
    expect(waiters.heldCount).toBe(3);
    waiters.publish({ newest: { msn: 6, index: 0 }, lastCompleteMsn: 5, hasEnded: false });
    expect(await Promise.all([held[0], other])).toEqual(["ready", "ready"]);
    const again = waiters.hold({ msn: 6, part: 2 }, LIVE, A);
    expect(waiters.heldCount).toBe(2);
    waiters.close();
    expect(await Promise.all([held[1], again])).toEqual(["closed", "closed"]);
  });

  test("the end of the stream releases everyone; a stopped stream holds nothing more", async () => {
    const waiters = new ReloadWaiters({ timeoutMs: 3000 });
    const held = waiters.hold({ msn: 7, part: null }, LIVE, A);
    waiters.publish(ENDED);
    expect(await held).toBe("ready");
    waiters.close();
    expect(await waiters.hold({ msn: 7, part: null }, LIVE, A)).toBe("closed");
  });

  test("a client that goes away frees its place", async () => {
    const waiters = new ReloadWaiters({ timeoutMs: 3000 });
    const abort = new AbortController();
    const held = waiters.hold({ msn: 6, part: 0 }, LIVE, { client: "a", signal: abort.signal });
    expect(waiters.heldCount).toBe(1);
    abort.abort();
    expect(await held).toBe("aborted");
    expect(waiters.heldCount).toBe(0);
  });
});
