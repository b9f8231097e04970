import {
  PROFILE_BATCH_MAX_IDS,
  type PublicProfile,
  USER_CACHE_MAX_ENTRIES,
  USER_CACHE_TTL_MS,
  USER_CACHE_WARN_BYTES,
  USER_LOOKUP_BATCH_DELAY_MS,
} from "@onstage/domain";

/** Reads one batch of an event's people (at most PROFILE_BATCH_MAX_IDS ids). */
export type ReadPeople = (eventId: number, userIds: number[]) => Promise<PublicProfile[]>;

export interface DirectoryOptions {
  read: ReadPeople;
  /** Where the cache outlives a reload (sessionStorage); null keeps it in memory only. */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  now?: () => number;
  /** Told once when the stored cache reaches about USER_CACHE_WARN_BYTES (it is then trimmed). */
  warn?: (message: string) => void;
  /** A batch that failed both ways: logged and skipped (spec 1 §8). */
  failed?: (error: unknown) => void;
}

interface Entry {
  user: PublicProfile;
  at: number;
}

const STORAGE_KEY = "onstage:people:v1";

/**
 * Spec 1 §9's user cache (issue 29 §3): people by id for whatever the room shows of someone who is not
 * in the row it loaded. Look-ups made within USER_LOOKUP_BATCH_DELAY_MS go as one batch per event,
 * PROFILE_BATCH_MAX_IDS ids each; answers live USER_CACHE_TTL_MS, at most USER_CACHE_MAX_ENTRIES, in
 * session storage. Ids the server leaves out (not people of the event) are not asked for again.
 */
export class UserDirectory {
  private readonly entries = new Map<number, Entry>();
  /** Ids asked for and left out, per event, for this page's life. */
  private readonly missing = new Map<number, Set<number>>();
  private readonly pending = new Map<number, Set<number>>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private hasWarned = false;
  private version = 0;
  private readonly now: () => number;

  constructor(private readonly options: DirectoryOptions) {
    this.now = options.now ?? Date.now;
    this.restore();
  }

  /** The person, if known and fresh; else undefined, and `lookup` fetches them. */
  get(userId: number): PublicProfile | undefined {
    const entry = this.entries.get(userId);
    return entry && this.isFresh(entry) ? entry.user : undefined;
  }

  /** Asks for the people of `eventId` among `userIds` that are not known yet. */
  lookup(eventId: number, userIds: readonly number[]): void {
    const missing = this.missing.get(eventId);
    const wanted = userIds.filter(
      (id) => this.get(id) === undefined && !missing?.has(id) && !this.inFlight.has(`${eventId}:${id}`),
    );
    if (wanted.length === 0) return;
    const pending = this.pending.get(eventId) ?? new Set<number>();
    for (const id of wanted) pending.add(id);
    this.pending.set(eventId, pending);
    this.timer ??= setTimeout(() => void this.flush(), USER_LOOKUP_BATCH_DELAY_MS);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every answer, for useSyncExternalStore. */
  getVersion = () => this.version;

  private async flush(): Promise<void> {
    this.timer = undefined;
    const batches = [...this.pending.entries()];
    this.pending.clear();
    await Promise.all(
      batches.flatMap(([eventId, ids]) => {
        const all = [...ids];
        const chunks: number[][] = [];
        for (let i = 0; i < all.length; i += PROFILE_BATCH_MAX_IDS) {
          chunks.push(all.slice(i, i + PROFILE_BATCH_MAX_IDS));
        }
        return chunks.map((chunk) => this.fetch(eventId, chunk));
      }),
    );
  }

  private async fetch(eventId: number, ids: number[]): Promise<void> {
    const keys = ids.map((id) => `${eventId}:${id}`);
    for (const key of keys) this.inFlight.add(key);
    try {
      const users = await this.options.read(eventId, ids);
      const at = this.now();
      const found = new Set<number>();
      for (const user of users) {
        found.add(user.id);
        this.entries.delete(user.id);
        this.entries.set(user.id, { user, at });
      }
      const missing = this.missing.get(eventId) ?? new Set<number>();
      for (const id of ids) if (!found.has(id)) missing.add(id);
      this.missing.set(eventId, missing);
      this.trim();
      this.persist();
      this.version += 1;
      for (const listener of this.listeners) listener();
    } catch (error) {
      this.options.failed?.(error);
    } finally {
      for (const key of keys) this.inFlight.delete(key);
    }
  }

  private isFresh(entry: Entry) {
    return this.now() - entry.at < USER_CACHE_TTL_MS;
  }

  /** Stale entries go; then the oldest, down to USER_CACHE_MAX_ENTRIES (the Map keeps insertion order). */
  private trim() {
    for (const [id, entry] of this.entries) if (!this.isFresh(entry)) this.entries.delete(id);
    for (const id of this.entries.keys()) {
      if (this.entries.size <= USER_CACHE_MAX_ENTRIES) break;
      this.entries.delete(id);
    }
  }

  private restore() {
    try {
      const stored = this.options.storage?.getItem(STORAGE_KEY);
      if (!stored) return;
      const entries = JSON.parse(stored) as [number, Entry][];
      for (const [id, entry] of entries) this.entries.set(id, entry);
      this.trim();
    } catch {
      // A damaged or foreign value: start empty.
      this.options.storage?.removeItem(STORAGE_KEY);
    }
  }

  private persist() {
    const storage = this.options.storage;
    if (!storage) return;
    let text = JSON.stringify([...this.entries]);
    // Session storage holds about 5 MB per origin: near USER_CACHE_WARN_BYTES, say so and keep the newer half.
    if (text.length * 2 >= USER_CACHE_WARN_BYTES) {
      if (!this.hasWarned)
        this.options.warn?.(`The people cache reached ${Math.round(text.length / 512)} KB`);
      this.hasWarned = true;
      const keep = [...this.entries].slice(Math.floor(this.entries.size / 2));
      this.entries.clear();
      for (const [id, entry] of keep) this.entries.set(id, entry);
      text = JSON.stringify(keep);
    }
    try {
      storage.setItem(STORAGE_KEY, text);
    } catch {
      // Full or switched off: the cache still works for this page.
    }
  }
}
