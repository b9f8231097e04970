import { createHash } from "node:crypto";
import { access } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  FIRST_PAGE_ELEMENT_ID,
  type FirstPageData,
  knownTimeZone,
  type RenderEnvironment,
  type RenderFirstPage,
  TIME_ZONE_COOKIE,
} from "@onstage/domain";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { TtlCache } from "../../platform/cache/ttl-cache";

/** The web build's server entry (apps/web: `vite build --ssr`), beside its browser build. */
const serverEntryOf = (webDist: string) => path.join(path.dirname(webDist), "dist-server", "entry-server.js");

interface RenderedPage {
  body: string;
  state: string;
}

export interface FirstPageRenderer {
  /** The page's markup and the state its hydration starts from, or null: the page carries its preview. */
  render(req: FastifyRequest, data: FirstPageData): Promise<RenderedPage | null>;
}

/** How long a render is reused for the same page, data and zone (its countdown is at most this late). */
const RENDER_TTL_MS = 5_000;
/** Renders kept: landing pages times viewers' zones, each some tens of KB. */
const MAX_RENDERS = 500;

/** The web app's renderer; without a server build (server tests, API-only runs) pages carry a preview. */
export async function firstPageRenderer(options: {
  webDist: string;
  publicUrl: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}): Promise<FirstPageRenderer> {
  const renderFirstPage = await loadServerEntry(options.webDist, options.log);
  // A render embeds the clock it used (countdowns) and hydration reuses it, so a kept render is still the
  // app's own first render; the page catches up at once.
  const renders = new TtlCache<string, RenderedPage | null>(MAX_RENDERS, () => options.clock().getTime());
  return {
    async render(req, data) {
      if (!renderFirstPage) return null;
      const timeZone = firstPageZone(req);
      const key = renderKey(req.url, timeZone, data);
      const environment: RenderEnvironment = {
        now: options.clock().getTime(),
        timeZone,
        origin: options.publicUrl,
      };
      try {
        return await renders.getOrLoad(
          key,
          async () => {
            const rendered = await renderFirstPage({ url: req.url, data, environment });
            return (
              rendered && {
                body: rendered.html,
                state: `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${rendered.state}</script>`,
              }
            );
          },
          (_, now) => now + RENDER_TTL_MS,
        );
      } catch (err) {
        // The app renders in the browser instead, as it would without a server build.
        req.log.error({ err, url: req.url }, "the first page's server render failed");
        return null;
      }
    },
  };
}

/** The viewer's zone as their browser told it (the app's cookie), when the runtime knows it. */
export const firstPageZone = (req: FastifyRequest): string | null =>
  knownTimeZone(req.cookies[TIME_ZONE_COOKIE]) ?? null;

/** Everything a render depends on but its clock: the same page, data and zone give the same markup. */
const renderKey = (url: string, timeZone: string | null, data: FirstPageData) =>
  createHash("sha256")
    .update(`${url}\n${timeZone}\n${JSON.stringify(data)}`)
    .digest("base64url");

async function loadServerEntry(webDist: string, log: FastifyBaseLogger): Promise<RenderFirstPage | null> {
  const entry = serverEntryOf(webDist);
  try {
    await access(entry);
  } catch {
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as { renderFirstPage?: RenderFirstPage };
  if (!module.renderFirstPage) log.warn({ entry }, "the web app's server entry has no renderFirstPage");
  return module.renderFirstPage ?? null;
}
