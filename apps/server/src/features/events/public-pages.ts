import { TtlCache } from "../../platform/cache/ttl-cache";

/**
 * Issue 14: how long a node serves what an event page shows of the event (the same for every viewer;
 * their own standing is asked per request, events/service.ts). A change to
 * the event, its sessions or its registrations drops it at once on every node (a message on its
 * event:{id} topic); this bounds only what changes without one (the clock: the next session, a lapsed
 * subscription; a channel's name) and a missed signal.
 */
export const PUBLIC_PAGE_TTL_MS = 3_000;
const PUBLIC_PAGE_MAX_ENTRIES = 1_000;

/** One kind of answer (the API's page data, the server-rendered HTML) per event code. */
export class PublicPageCache<V> {
  private readonly cache = new TtlCache<string, { eventId: number; value: V }>(PUBLIC_PAGE_MAX_ENTRIES);

  /** The cached answer for the code, or `build`'s (not kept when it throws: unknown codes are not cached). */
  async get(eventCode: string, build: () => Promise<{ eventId: number; value: V }>): Promise<V> {
    const built = await this.cache.getOrLoad(eventCode, build, (_, now) => now + PUBLIC_PAGE_TTL_MS);
    return built.value;
  }

  dropEvent(eventId: number): void {
    this.cache.deleteWhere((entry) => entry.eventId === eventId);
  }
}

/**
 * A node's caches of what an event code shows everyone. Only what is identical for every viewer goes
 * in: never a viewer's standing, nor anything a browser's grants change (an unlisted event's page is the
 * same for every holder of its code; opening it still grants the browser on every request, routes.ts).
 */
export class PublicPages {
  private readonly caches: Array<PublicPageCache<unknown>> = [];

  /** A new cache whose entries every change of their event drops (app.ts wires eventChanged). */
  cache<V>(): PublicPageCache<V> {
    const cache = new PublicPageCache<V>();
    this.caches.push(cache as PublicPageCache<unknown>);
    return cache;
  }

  eventChanged(eventId: number): void {
    for (const cache of this.caches) cache.dropEvent(eventId);
  }
}
