import path from "node:path";
import fastifyStatic from "@fastify/static";
import { ChannelPage, EventCardList, EventPageData, type FirstPageData, OnstageError } from "@onstage/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendPreEncoded } from "../../http/pre-encoded";
import { allowMetaPixel } from "../../http/security-headers";
import type { CookiePolicy } from "../../kernel/identity/user-sessions";
import { withoutViewer } from "../../kernel/identity/viewer";
import { grantOpenedEvent } from "../../kernel/unlisted/grants";
import type { Database } from "../../platform/database";
import type { AuthService } from "../auth/service";
import type { ChannelsService } from "../channels/service";
import { findClipPage } from "../clipping/service";
import { type EventsService, VIEWER_PAGE_MAX_ENTRIES } from "../events/service";
import { firstPageRenderer, firstPageZone } from "./first-page";
import { loadShellTemplate, renderShell } from "./html";
import { channelPreview, clipPreview, eventPreview, homePreview, type Preview } from "./previews";

const HTML = "text/html; charset=utf-8";

/**
 * A rendered event page and what its route still does per request (grant an unlisted event, let the
 * event's Meta pixel load).
 */
interface ShownPage {
  eventId: number;
  isPrivate: boolean;
  hasMetaPixel: boolean;
  html: string;
}

/** A name at the root with a file extension (favicon.ico, robots.txt): a file, never a page. */
const ROOT_FILE = /^[^/]+\.[a-z0-9]+$/i;

export interface WebAppOptions {
  webDist: string;
  publicUrl: string;
  events: EventsService;
  channels: ChannelsService;
  auth: AuthService;
  db: Database;
  policy: CookiePolicy;
  clock: () => Date;
}

/** A page's own data the way its API call answers it; a refusal (not found, archived...) is the browser's to show. */
async function loaded<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof OnstageError) return null;
    throw err;
  }
}

/**
 * The web build's files, sent as the build compressed them (`x.br`, `x.gz`: apps/web/build/precompress.ts)
 * to clients that accept it. Hashed /assets/ never change; the root's files (favicon, manifest) keep
 * their names across builds, so caches ask again after an hour.
 */
async function registerBuiltFiles(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(webDist, "assets"),
    prefix: "/assets/",
    preCompressed: true,
    immutable: true,
    maxAge: "365d",
  });
  await app.register(fastifyStatic, {
    root: webDist,
    // One route per file found now (no wildcard: the catch-all below answers every other page).
    wildcard: false,
    globIgnore: ["index.html", "assets/**", "**/*.br", "**/*.gz"],
    index: false,
    decorateReply: false,
    preCompressed: true,
    maxAge: "1h",
  });
}

/**
 * Serves the built single-page app. The landing pages (/c/{code}, /@{channel}, /) come rendered by the app
 * itself with the data they show embedded (first-page.ts), and every event and channel page gets its head
 * (title, Open Graph, robots), so shared links preview without JavaScript.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { template, built } = await loadShellTemplate(options.webDist);
  if (!built) app.log.warn({ webDist: options.webDist }, "web app not built: run `npm run build`");
  // Files are the same for every browser: no session lookup (issue 14); the rendered pages need the viewer.
  else await app.register(withoutViewer(async (files) => registerBuiltFiles(files, options.webDist)));
  const renderer = await firstPageRenderer({ ...options, log: app.log });
  const me = async (req: FastifyRequest) => ({ user: await options.auth.me(req.viewerUserId) });

  const plainShell = template.replace("<!--onstage-head-->", "").replace("<!--onstage-body-->", "");
  /** The preview's head; its body is the app's first render when the page's data loaded. */
  const html = async (req: FastifyRequest, preview: Preview, data: FirstPageData | null) => {
    const rendered = data ? await renderer.render(req, data) : null;
    const content = rendered
      ? { ...preview.content, body: rendered.body, state: rendered.state }
      : preview.content;
    return renderShell(template, content);
  };
  const send = async (
    req: FastifyRequest,
    reply: FastifyReply,
    preview: Preview,
    data: FirstPageData | null,
  ) =>
    reply
      .code(preview.status)
      .type(HTML)
      .send(await html(req, preview, data));

  /** An event page as this viewer sees it; null when they may not (unknown, deleted, archived). */
  const eventPage = async (req: FastifyRequest, eventCode: string) => {
    const page = await loaded(() => options.events.page(eventCode, req.viewerUserId));
    const data = page && { me: await me(req), eventPage: { eventCode, data: EventPageData.parse(page) } };
    return { page, html: await html(req, eventPreview(page, options.publicUrl), data) };
  };
  // A visitor's event page is the same for every visitor with the same URL and zone, a signed-in
  // viewer's the same for them: kept like the API's (events/public-pages.ts: a change of the event or of
  // anyone's standing on it drops it on every node).
  const visitorPages = options.events.publicPages.cache<ShownPage>();
  const viewerPages = options.events.publicPages.cache<ShownPage>(VIEWER_PAGE_MAX_ENTRIES);
  /** The page this viewer may see, rendered (kept), or the refusal they get instead (not kept). */
  const shownPage = async (req: FastifyRequest, eventCode: string) => {
    const cache = req.viewerUserId === null ? visitorPages : viewerPages;
    let refusal: string | undefined;
    const shown = await cache.get(`${req.url}\n${firstPageZone(req)}\n${req.viewerUserId}`, async () => {
      const { page, html } = await eventPage(req, eventCode);
      if (!page) {
        refusal = html;
        return null;
      }
      return {
        eventId: page.event.id,
        value: {
          eventId: page.event.id,
          isPrivate: page.event.private,
          hasMetaPixel: page.event.metaPixel !== undefined,
          html,
        },
      };
    });
    if (shown) return { shown };
    // A request that joined another's refused build renders its own refusal.
    return { refusal: refusal ?? (await eventPage(req, eventCode)).html };
  };

  app.get<{ Params: { "*": string } }>("/c/*", { schema: { hide: true } }, async (req, reply) => {
    const eventCode = req.params["*"].split("/")[0] ?? "";
    const { shown, refusal } = await shownPage(req, eventCode);
    if (!shown) return reply.code(404).type(HTML).send(refusal);
    // As GET /api/events/by-code does: whoever has the code may act on the unlisted event by its id.
    if (shown.isPrivate) await grantOpenedEvent(options.db, req, reply, options.policy, shown.eventId);
    if (shown.hasMetaPixel) allowMetaPixel(reply);
    return sendPreEncoded(req, reply, { owner: shown, text: shown.html }, HTML);
  });

  app.get<{ Params: { channelName: string } }>(
    "/@:channelName",
    { schema: { hide: true } },
    async (req, reply) => {
      const { channelName } = req.params;
      const page = await loaded(() => options.channels.page(channelName));
      const preview = channelPreview(page, options.publicUrl);
      const data = page && { me: await me(req), channelPage: { channelName, data: ChannelPage.parse(page) } };
      return send(req, reply, preview, data);
    },
  );

  // Issue 26 §3: a clip's page and its embed, public; their heads make a shared link a playable card.
  for (const page of ["clips", "embed/clips"] as const) {
    app.get<{ Params: { slug: string } }>(
      `/${page}/:slug`,
      { schema: { hide: true } },
      async (req, reply) => {
        const clip = /^[a-z0-9-]{4,80}$/.test(req.params.slug)
          ? await findClipPage(options.db, { slug: req.params.slug })
          : null;
        return send(req, reply, clipPreview(clip, options.publicUrl, page), null);
      },
    );
  }

  app.get("/", { schema: { hide: true } }, async (req, reply) => {
    const upcoming = EventCardList.parse({ events: await options.events.upcoming() });
    return send(req, reply, homePreview(), { me: await me(req), upcoming });
  });

  // Every other page is the app itself; unknown /api paths stay JSON 404s, and so does a file the
  // build does not have (a browser's /favicon.ico probe must not get a page).
  app.get<{ Params: { "*": string } }>(
    "/*",
    { schema: { hide: true }, config: { noViewer: true } },
    async (req, reply) => {
      if (req.url.startsWith("/api/") || ROOT_FILE.test(req.params["*"])) return reply.callNotFound();
      return reply.type(HTML).send(plainShell);
    },
  );
}
