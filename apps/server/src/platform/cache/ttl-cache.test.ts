import { expect, test } from "vitest";
import { TtlCache } from "./ttl-cache";

const KEEP_MS = 1_000;
const keepFor = (_: string, now: number) => now + KEEP_MS;

function cacheAt(start = 0, maxEntries = 10) {
  const clock = { now: start };
  const cache = new TtlCache<string, string>(maxEntries, () => clock.now);
  let loads = 0;
  const read = (key: string) =>
    cache.getOrLoad(
      key,
      async () => {
        loads += 1;
        return `${key}#${loads}`;
      },
      keepFor,
    );
  return { cache, clock, read, loads: () => loads };
}

/** A read of `key` whose load answers when the test releases it. */
function heldLoad(cache: TtlCache<string, string>, key: string) {
  let release: (value: string) => void = () => undefined;
  const value = cache.getOrLoad(key, () => new Promise<string>((resolve) => (release = resolve)), keepFor);
  return { value, release: (loaded: string) => release(loaded) };
}

test("a kept value is served until its time, then loaded again", async () => {
  const { clock, read, loads } = cacheAt();
  expect(await read("a")).toBe("a#1");
  clock.now = KEEP_MS - 1;
  expect(await read("a")).toBe("a#1");
  clock.now = KEEP_MS;
  expect(await read("a")).toBe("a#2");
  expect(loads()).toBe(2);
});

test("peek answers a kept value without loading, and nothing once its time is past", async () => {
  const { cache, clock, read, loads } = cacheAt(0, 2);
  expect(cache.peek("a")).toBeUndefined();
  await read("a");
  await read("b");
  expect(cache.peek("a")).toBe("a#1");
  // The peek made "a" the most recent: "b" goes first.
  await read("c");
  expect(cache.peek("b")).toBeUndefined();
  clock.now = KEEP_MS;
  expect(cache.peek("a")).toBeUndefined();
  expect(loads()).toBe(3);
});

test("past its bound, the least recently read entry goes first", async () => {
  const { cache, read } = cacheAt(0, 2);
  await read("a");
  await read("b");
  await read("a");
  await read("c");
  expect(cache.size).toBe(2);
  expect(await read("a")).toBe("a#1");
  expect(await read("b")).toBe("b#4");
});

test("a value loaded while an invalidation came is answered but not kept", async () => {
  const { cache } = cacheAt();
  const { value: slow, release } = heldLoad(cache, "a");
  cache.delete("a");
  release("stale");
  expect(await slow).toBe("stale");
  expect(await cache.getOrLoad("a", async () => "fresh", keepFor)).toBe("fresh");
});

test("misses of a key while its load is under way share that load", async () => {
  const { cache } = cacheAt();
  let loads = 0;
  let release: (value: string) => void = () => undefined;
  const load = () => {
    loads += 1;
    return new Promise<string>((resolve) => (release = resolve));
  };
  const first = cache.getOrLoad("a", load, keepFor);
  const second = cache.getOrLoad("a", load, keepFor);
  release("built once");
  expect(await Promise.all([first, second])).toEqual(["built once", "built once"]);
  expect(loads).toBe(1);
});

test("a miss after an invalidation does not join the load that began before it", async () => {
  const { cache } = cacheAt();
  const { value: stale, release } = heldLoad(cache, "a");
  cache.delete("a");
  const fresh = cache.getOrLoad("a", async () => "fresh", keepFor);
  release("stale");
  expect([await stale, await fresh]).toEqual(["stale", "fresh"]);
  expect(await cache.getOrLoad("a", async () => "again", keepFor)).toBe("fresh");
});

test("a value whose time is null is not kept", async () => {
  const { cache } = cacheAt();
  await cache.getOrLoad(
    "a",
    async () => "once",
    () => null,
  );
  expect(
    await cache.getOrLoad(
      "a",
      async () => "again",
      () => null,
    ),
  ).toBe("again");
});

test("deleteWhere drops every matching entry", async () => {
  const { cache, read } = cacheAt();
  await read("a");
  await read("b");
  cache.deleteWhere((value) => value.startsWith("a"));
  expect(cache.size).toBe(1);
});

test("an invalidation of other values leaves a load under way to be kept", async () => {
  const { cache } = cacheAt();
  const { value: slow, release } = heldLoad(cache, "a");
  // Another event's page changed while this one was being built.
  cache.deleteWhere((value) => value.startsWith("b"));
  cache.delete("c");
  release("a-page");
  expect(await slow).toBe("a-page");
  expect(await cache.getOrLoad("a", async () => "reloaded", keepFor)).toBe("a-page");
});

test("a value matching an invalidation that came during its load is not kept", async () => {
  const { cache } = cacheAt();
  const { value: slow, release } = heldLoad(cache, "a");
  cache.deleteWhere((value) => value.startsWith("event-1"));
  release("event-1 page");
  expect(await slow).toBe("event-1 page");
  expect(await cache.getOrLoad("a", async () => "fresh", keepFor)).toBe("fresh");
});
