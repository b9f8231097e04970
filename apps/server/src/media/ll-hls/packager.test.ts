import { describe, expect, test } from "vitest";
import { playlistPosition, ReloadWaiters } from "./blocking";
import { fragment, initSection } from "./fixtures";
import { LlHlsPackager, type MediaFiles } from "./packager";

const START_MS = Date.UTC(2024, 0, 1);
const TICKS_PER_PART = 5120; // 1/3 s at 15360
const INIT = initSection([{ id: 1, handler: "vide", timescale: 15360 }]);

/** Fragment n of a stream with a keyframe every `gop` fragments (never, for 0); its mdat bytes are n. */
const part = (n: number, gop = 3) =>
  fragment(
    [
      {
        trackId: 1,
        baseTime: n * TICKS_PER_PART,
        samples: 10,
        sampleDuration: 512,
        firstIsSync: gop > 0 && n % gop === 0,
      },
    ],
    n + 1,
  );

function memoryFiles() {
  const written = new Map<string, Buffer>();
  const removed: string[] = [];
  const files: MediaFiles = {
    write: async (name, bytes) => {
      written.set(name, bytes);
    },
    remove: async (name) => {
      written.delete(name);
      removed.push(name);
    },
  };
  return { files, written, removed };
}

async function packaged(count: number, options: { gop?: number; windowSegments?: number } = {}) {
  const memory = memoryFiles();
  const packager = new LlHlsPackager({
    files: memory.files,
    now: () => START_MS,
    windowSegments: options.windowSegments,
  });
  await packager.accept(INIT);
  for (let n = 0; n < count; n++) await packager.accept(part(n, options.gop));
  return { packager, ...memory };
}

describe("the LL-HLS packager", () => {
  test("each fragment is a part; a segment is cut at the keyframe once it is 1 s long", async () => {
    const { packager, written } = await packaged(7);
    const { segments, nextPart } = packager.state;
    expect(segments.map((s) => [s.msn, s.parts.length, s.isComplete])).toEqual([
      [0, 3, true],
      [1, 3, true],
      [2, 1, false],
    ]);
    expect(segments[1]?.parts.map((p) => p.isIndependent)).toEqual([true, false, false]);
    expect(segments[1]?.durationSeconds).toBeCloseTo(1, 9);
    expect(segments.map((s) => s.programDateMs)).toEqual([START_MS, START_MS + 1000, START_MS + 2000]);
    expect(nextPart).toEqual({ msn: 2, index: 1 });
    expect([...written.keys()].sort()).toEqual(
      [
        "init0.mp4",
        "s0.m4s",
        "s1.m4s",
        "s0-p0.m4s",
        "s0-p1.m4s",
        "s0-p2.m4s",
        "s1-p0.m4s",
        "s1-p1.m4s",
        "s1-p2.m4s",
        "s2-p0.m4s",
      ].sort(),
    );
    expect(written.get("init0.mp4")).toEqual(INIT);
    expect(written.get("s1-p2.m4s")).toEqual(part(5));
    expect(written.get("s1.m4s")).toEqual(Buffer.concat([part(3), part(4), part(5)]));
  });

  test("when a keyframe is due the preload hint names the next segment's first part", async () => {
    const { packager } = await packaged(6);
    expect(packager.state.nextPart).toEqual({ msn: 2, index: 0 });
  });

  test("chunks split anywhere give the same parts", async () => {
    const whole = await packaged(7);
    const memory = memoryFiles();
    const packager = new LlHlsPackager({ files: memory.files, now: () => START_MS });
    const stream = Buffer.concat([INIT, ...Array.from({ length: 7 }, (_, n) => part(n))]);
    for (let at = 0; at < stream.length; at += 37) await packager.accept(stream.subarray(at, at + 37));
    expect(packager.state).toEqual(whole.packager.state);
    expect(memory.written).toEqual(whole.written);
  });

  test("old segments leave the window, and their files go a window later", async () => {
    const { packager, written, removed } = await packaged(30, { windowSegments: 2 });
    expect(packager.state.segments.map((s) => s.msn)).toEqual([7, 8, 9]);
    expect(removed).toEqual(
      [0, 1, 2, 3].flatMap((msn) => [`s${msn}.m4s`, `s${msn}-p0.m4s`, `s${msn}-p1.m4s`, `s${msn}-p2.m4s`]),
    );
    expect(written.has("s4.m4s")).toBe(true);
  });

  test("without keyframes a segment is cut before it would round past the target duration", async () => {
    const { packager } = await packaged(10, { gop: 0 });
    const { segments } = packager.state;
    expect(segments.map((s) => s.parts.length)).toEqual([4, 4, 2]);
    expect(segments.flatMap((s) => s.parts).some((p) => p.isIndependent)).toBe(false);
  });

  test("the end completes the last segment and closes the playlist", async () => {
    const { packager, written } = await packaged(5);
    await packager.end();
    const { segments, hasEnded, nextPart } = packager.state;
    expect(segments.map((s) => [s.msn, s.parts.length, s.isComplete])).toEqual([
      [0, 3, true],
      [1, 2, true],
    ]);
    expect({ hasEnded, nextPart }).toEqual({ hasEnded: true, nextPart: null });
    expect(written.get("s1.m4s")).toEqual(Buffer.concat([part(3), part(4)]));
    await expect(packager.accept(part(5))).rejects.toThrow(/ended/);
  });

  test("a held reload is released by the publish of its part, once the part's file is written", async () => {
    const { packager, written } = await packaged(2);
    const waiters = new ReloadWaiters({ timeoutMs: 3000 });
    packager.onPublish((state) => waiters.publish(playlistPosition(state)));
    const held = waiters.hold({ msn: 1, part: 0 }, playlistPosition(packager.state), { client: "a" });
    await packager.accept(part(2));
    expect(waiters.heldCount).toBe(1);
    await packager.accept(part(3));
    expect(await held).toBe("ready");
    expect(written.has("s1-p0.m4s")).toBe(true);
  });

  test("a new run completes the open segment and starts a discontinuity with its own init section", async () => {
    const { packager, written } = await packaged(4);
    await packager.newRun();
    await packager.accept(INIT);
    // The new run's timestamps start again from 0.
    for (let n = 0; n < 4; n++) await packager.accept(part(n));
    const { segments } = packager.state;
    expect(segments.map((s) => [s.msn, s.run, s.parts.length, s.isComplete])).toEqual([
      [0, 0, 3, true],
      [1, 0, 1, true],
      [2, 1, 3, true],
      [3, 1, 1, false],
    ]);
    expect(written.get("init1.mp4")).toEqual(INIT);
    expect(written.get("s1.m4s")).toEqual(part(3));
  });

  test("a run that wrote nothing keeps its number; a retired run's init section goes", async () => {
    const { packager, written } = await packaged(3, { windowSegments: 1 });
    await packager.newRun();
    await packager.newRun();
    await packager.accept(INIT);
    for (let n = 0; n < 12; n++) await packager.accept(part(n));
    expect(packager.state.segments.every((s) => s.run === 1)).toBe(true);
    expect([...written.keys()].filter((name) => name.startsWith("init"))).toEqual(["init1.mp4"]);
  });

  test("a packager resumed on an earlier one's folder goes on after its last segment and run", async () => {
    const memory = memoryFiles();
    const packager = new LlHlsPackager({
      files: memory.files,
      now: () => START_MS,
      firstMsn: 12,
      firstRun: 3,
    });
    await packager.accept(INIT);
    await packager.accept(part(0));
    expect(packager.state.segments.map((s) => [s.msn, s.run])).toEqual([[12, 3]]);
    expect(memory.written.has("init3.mp4")).toBe(true);
  });

  test("a run's garbage fails that run only", async () => {
    const { packager } = await packaged(1);
    await expect(packager.accept(Buffer.from("\u0000\u0000\u0000\u0004abcd"))).rejects.toThrow();
    await packager.newRun();
    await packager.accept(INIT);
    await packager.accept(part(0));
    expect(packager.state.segments.map((s) => [s.msn, s.run, s.isComplete])).toEqual([
      [0, 0, true],
      [1, 1, false],
    ]);
  });

  test("garbage on the pipe fails the stream with the reader's error", async () => {
    const { packager } = await packaged(1);
    await expect(packager.accept(Buffer.from("\u0000\u0000\u0000\u0004abcd"))).rejects.toThrow(
      /less than its header/,
    );
    await expect(packager.accept(part(1))).rejects.toThrow(/less than its header/);
  });
});
