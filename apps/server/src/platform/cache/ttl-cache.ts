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
  /** Every load under way (a key's may overlap: one that began before an invalidation and one after). */
  private readonly inFlight = new Set<{ since: number }>();
  /** Invalidations a load under way began before, by count: its value is checked against them. */
  private recent: Array<{ count: number; matches: (value: V, key: K) => boolean }> = [];

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value while it is kept, without loading it (a read: it becomes the most recent). */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.until <= this.now()) return undefined;
    this.entries.set(key, hit);
    return hit.value;
  }

  /**
   * The cached value, or `load`'s, kept until `untilOf(value)` (epoch ms; null: not kept). Misses of
   * one key while its load is under way share that load (a hot page expiring is built once). A value
   * loaded while an invalidation that matches it came is returned but not kept, and later misses load
   * afresh: it may predate the change. Invalidations of other values leave it be.
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
    const underWay = { value, since };
    this.loading.set(key, underWay);
    this.inFlight.add(underWay);
    try {
      const loaded = await value;
      const until = untilOf(loaded, now);
      const spoilt = this.recent.some((drop) => drop.count > since && drop.matches(loaded, key));
      if (until !== null && until > now && !spoilt) this.keep(key, { value: loaded, until });
      return loaded;
    } finally {
      if (this.loading.get(key) === underWay) this.loading.delete(key);
      this.inFlight.delete(underWay);
      this.forgetSettled();
    }
  }

  delete(key: K): void {
    this.deleteWhere((_, other) => other === key);
  }

  deleteWhere(matches: (value: V, key: K) => boolean): void {
    this.invalidations += 1;
    if (this.inFlight.size > 0) this.recent.push({ count: this.invalidations, matches });
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  /** Only loads under way are checked against past invalidations: the older ones can go. */
  private forgetSettled(): void {
    let oldest = this.invalidations;
    for (const { since } of this.inFlight) oldest = Math.min(oldest, since);
    this.recent = this.recent.filter((drop) => drop.count > oldest);
  }

  private keep(key: K, entry: Entry<V>): void {
    this.entries.set(key, entry);
    if (this.entries.size <= this.maxEntries) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }
}
