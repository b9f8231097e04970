import { TtlCache } from "../../platform/cache/ttl-cache";

/**
 * Issue 14: how long a node serves an event page it built. A change to the event, its sessions, its
 * registrations or anyone's standing on it (roles, channel roles, bans, tickets) drops it at once on
 * every node (a message on its event:{id} topic); this bounds only what changes without one (the clock:
 * the next session, a lapsed subscription; a channel's name; the signed-in user's own profile) and a
 * missed signal.
 */
export const PUBLIC_PAGE_TTL_MS = 3_000;
const PUBLIC_PAGE_MAX_ENTRIES = 1_000;

/** What a cache keeps of one page, and the event whose changes drop it. */
export interface BuiltPage<V> {
  eventId: number;
  value: V;
}

/** One kind of answer (the API's page data, the server-rendered HTML) per key (an event code, a URL...). */
export class PublicPageCache<V> {
  private readonly cache: TtlCache<string, BuiltPage<V> | null>;

  constructor(maxEntries: number) {
    this.cache = new TtlCache(maxEntries);
  }

  /**
   * The cached answer for the key, or `build`'s. Not kept when `build` returns null (the answer is
   * a refusal: unknown codes are not cached) or throws.
   */
  get(key: string, build: () => Promise<BuiltPage<V>>): Promise<V>;
  get(key: string, build: () => Promise<BuiltPage<V> | null>): Promise<V | null>;
  async get(key: string, build: () => Promise<BuiltPage<V> | null>): Promise<V | null> {
    const built = await this.cache.getOrLoad(key, build, (page, now) =>
      page ? now + PUBLIC_PAGE_TTL_MS : null,
    );
    return built ? built.value : null;
  }

  dropEvent(eventId: number): void {
    this.cache.deleteWhere((entry) => entry?.eventId === eventId);
  }
}

/**
 * A node's caches of event pages. What is the same for every viewer is keyed by the page alone; what
 * shows one signed-in viewer's standing is keyed by their user id too, so it is never served to
 * anyone else (a signed-out browser is a visitor: kernel/identity/session-cache.ts drops ended sessions at once).
 * Nothing a browser's grants change goes in: an unlisted event's page is the same for every holder of
 * its code, and opening it still grants the browser on every request (routes.ts).
 */
export class PublicPages {
  private readonly caches: Array<PublicPageCache<unknown>> = [];

  /** A new cache whose entries every change of their event drops (app.ts wires eventChanged). */
  cache<V>(maxEntries = PUBLIC_PAGE_MAX_ENTRIES): PublicPageCache<V> {
    const cache = new PublicPageCache<V>(maxEntries);
    this.caches.push(cache as PublicPageCache<unknown>);
    return cache;
  }

  eventChanged(eventId: number): void {
    for (const cache of this.caches) cache.dropEvent(eventId);
  }
}
