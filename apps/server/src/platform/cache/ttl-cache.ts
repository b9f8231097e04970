interface Entry<V> {
  value: V;
  /** Epoch ms after which the entry is not served. */
  until: number;
}

/**
 * A per-node cache with a lifetime per entry and a bound on its size: the least recently read entry
 * goes first (a Map keeps insertion order; a hit moves its entry to the end).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Loads under way, with the invalidation count they began at: a miss joins one instead of repeating it. */
  private readonly loading = new Map<K, { value: Promise<V>; since: number }>();
  /** Counts invalidations: a load that began before one may hold what it invalidated. */
  private invalidations = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value, or `load`'s, kept until `untilOf(value)` (epoch ms; null: not kept). Misses of
   * one key while its load is under way share that load (a hot page expiring is built once). A value
   * loaded while an invalidation came is returned but not kept, and later misses load afresh: it may
   * predate the change.
   */
  async getOrLoad(
    key: K,
    load: () => Promise<V>,
    untilOf: (value: V, now: number) => number | null,
  ): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      if (hit.until > now) {
        this.entries.set(key, hit);
        return hit.value;
      }
    }
    const under = this.loading.get(key);
    if (under && under.since === this.invalidations) return under.value;
    const since = this.invalidations;
    const value = load();
    this.loading.set(key, { value, since });
    try {
      const loaded = await value;
      const until = untilOf(loaded, now);
      if (until !== null && until > now && since === this.invalidations)
        this.keep(key, { value: loaded, until });
      return loaded;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  delete(key: K): void {
    this.invalidations += 1;
    this.entries.delete(key);
  }

  deleteWhere(matches: (value: V, key: K) => boolean): void {
    this.invalidations += 1;
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  private keep(key: K, entry: Entry<V>): void {
    this.entries.set(key, entry);
    if (this.entries.size <= this.maxEntries) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
