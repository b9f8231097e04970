import {
  PROFILE_BATCH_MAX_IDS,
  type PublicProfile,
  USER_CACHE_MAX_ENTRIES,
  USER_CACHE_TTL_MS,
  USER_LOOKUP_BATCH_DELAY_MS,
} from "@onstage/domain";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { UserDirectory } from "./UserDirectory";

// Issue 29 §3: spec 1 §9's user cache: batched look-ups, 100 ids a batch, an 8-hour TTL, 15,000 entries
// at most, session storage and its warning near 4 MB.

const person = (id: number, firstName = `P${id}`): PublicProfile => ({
  id,
  firstName,
  lastName: "X",
  profilePhoto: null,
});

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

function setup(options: { knows?: (id: number) => boolean; storage?: MemoryStorage } = {}) {
  let now = 1_000_000;
  const reads: { eventId: number; ids: number[] }[] = [];
  const warnings: string[] = [];
  const knows = options.knows ?? (() => true);
  const storage = options.storage ?? new MemoryStorage();
  const directory = new UserDirectory({
    read: async (eventId, ids) => {
      reads.push({ eventId, ids });
      return ids.filter(knows).map((id) => person(id));
    },
    storage,
    now: () => now,
    warn: (message) => warnings.push(message),
  });
  const settle = async () => {
    await vi.advanceTimersByTimeAsync(USER_LOOKUP_BATCH_DELAY_MS);
  };
  return { directory, reads, warnings, storage, settle, advance: (ms: number) => (now += ms) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("look-ups within 50 ms go as one batch per event; 250 ids go as 100, 100 and 50", async () => {
  const { directory, reads, settle } = setup();
  directory.lookup(1, [1, 2]);
  directory.lookup(1, [2, 3]);
  directory.lookup(2, [4]);
  expect(reads).toEqual([]);
  await settle();
  expect(reads).toEqual([
    { eventId: 1, ids: [1, 2, 3] },
    { eventId: 2, ids: [4] },
  ]);
  expect(directory.get(3)).toEqual(person(3));

  const many = Array.from({ length: 250 }, (_, i) => 100 + i);
  directory.lookup(1, many);
  await settle();
  expect(reads.slice(2).map((r) => r.ids.length)).toEqual([PROFILE_BATCH_MAX_IDS, PROFILE_BATCH_MAX_IDS, 50]);
});

test("known people and ids the server left out are not asked for again; a stale entry is", async () => {
  const { directory, reads, settle, advance } = setup({ knows: (id) => id !== 9 });
  directory.lookup(1, [8, 9]);
  await settle();
  directory.lookup(1, [8, 9]);
  await settle();
  expect(reads).toHaveLength(1);
  expect(directory.get(9)).toBeUndefined();
  advance(USER_CACHE_TTL_MS);
  expect(directory.get(8)).toBeUndefined();
  directory.lookup(1, [8]);
  await settle();
  expect(reads.at(-1)?.ids).toEqual([8]);
});

test("at most 15,000 people: the oldest answers go first", async () => {
  const { directory, settle } = setup();
  const ids = Array.from({ length: USER_CACHE_MAX_ENTRIES + 1 }, (_, i) => i + 1);
  directory.lookup(1, ids);
  await settle();
  expect(directory.get(1)).toBeUndefined();
  expect(directory.get(2)).toBeDefined();
  expect(directory.get(USER_CACHE_MAX_ENTRIES + 1)).toBeDefined();
});

test("the cache outlives a reload in session storage; a damaged value starts empty", async () => {
  const storage = new MemoryStorage();
  const first = setup({ storage });
  first.directory.lookup(1, [5]);
  await first.settle();
  const again = setup({ storage });
  expect(again.directory.get(5)).toEqual(person(5));
  storage.setItem([...storage.items.keys()][0] ?? "", "{not json");
  expect(setup({ storage }).directory.get(5)).toBeUndefined();
});

test("near 4 MB of storage: one warning, and the newer half is kept", async () => {
  const storage = new MemoryStorage();
  const long = "n".repeat(400);
  let now = 0;
  const warnings: string[] = [];
  const directory = new UserDirectory({
    read: async (_eventId, ids) => ids.map((id) => person(id, long)),
    storage,
    now: () => (now += 1),
    warn: (message) => warnings.push(message),
  });
  for (let batch = 0; batch < 60; batch++) {
    directory.lookup(
      1,
      Array.from({ length: 100 }, (_, i) => batch * 100 + i + 1),
    );
    await vi.advanceTimersByTimeAsync(USER_LOOKUP_BATCH_DELAY_MS);
  }
  expect(warnings).toHaveLength(1);
  expect(directory.get(1)).toBeUndefined();
  expect(directory.get(6000)).toBeDefined();
  const stored = [...storage.items.values()][0] ?? "";
  expect(stored.length * 2).toBeLessThan(4 * 1024 * 1024);
});

test("a batch that fails is reported and skipped; the ids may be asked for again", async () => {
  const failures: unknown[] = [];
  let fail = true;
  const directory = new UserDirectory({
    read: async (_eventId, ids) => {
      if (fail) throw new Error("down");
      return ids.map((id) => person(id));
    },
    storage: null,
    failed: (error) => failures.push(error),
  });
  directory.lookup(1, [1]);
  await vi.advanceTimersByTimeAsync(USER_LOOKUP_BATCH_DELAY_MS);
  expect(failures).toHaveLength(1);
  fail = false;
  directory.lookup(1, [1]);
  await vi.advanceTimersByTimeAsync(USER_LOOKUP_BATCH_DELAY_MS);
  expect(directory.get(1)).toEqual(person(1));
});
