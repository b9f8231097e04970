import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { FILES_URL_PREFIX } from "../platform/storage/port";

/** Spec 3 clip embed (an iframe of width 100%, height 800): the only page another site may frame. */
export const CLIP_EMBED_PATH = /^\/embed\/clips\/[^/?#]+(?:[?#]|$)/;

/**
 * The browser-side defences every response carries: a CSP the web app passes (scripts only from our
 * own origin; inline styles for React's style props and the server-rendered test pages), no framing but
 * the clip embed, HSTS when served over https, and no caching of a signed-in person's JSON.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  origins: {
    /** Other origins the web app talks to (the operator's LiveKit). */
    connectTo?: string[];
    /** Where HLS segments come from besides this origin (the bucket or its CDN): hls.js fetches them. */
    mediaFrom?: string[];
  } = {},
): Promise<void> {
  const { connectTo = [], mediaFrom = [] } = origins;
  const isHttps = new URL(publicUrl).protocol === "https:";
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile photos come from sign-in providers' hosts; previews of links from anywhere.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        // hls.js gives each subtitle <track> the empty `data:,WEBVTT` (its cues come from the playlist).
        mediaSrc: ["'self'", "blob:", "data:", ...mediaFrom],
        // hls.js starts its transmuxer from a blob URL.
        workerSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", ...connectTo, ...mediaFrom],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Uploaded images are shown in e-mails read on webmail sites, which load them cross-origin.
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // Issue 14: the same headers on every response, so they are set as computed once (@fastify/helmet
  // built helmet's middleware again on every request).
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook("onSend", (req, reply, payload, done) => {
    if (req.url.startsWith(FILES_URL_PREFIX)) reply.header("cross-origin-resource-policy", "cross-origin");
    if (CLIP_EMBED_PATH.test(req.url)) {
      reply.removeHeader("x-frame-options");
      const csp = reply.getHeader("content-security-policy");
      if (typeof csp === "string")
        reply.header("content-security-policy", csp.replace("frame-ancestors 'none'", "frame-ancestors *"));
    }
    // A signed-in viewer's answers, and the pages rendered with their data, stay in their browser alone.
    if (req.viewerUserId !== null && !reply.hasHeader("cache-control")) {
      const type = String(reply.getHeader("content-type") ?? "");
      if (type.startsWith("application/json") || type.startsWith("text/html"))
        reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}

/** Issue 28 §5: where Meta's pixel loads its script from, and where it sends its events. */
const META_PIXEL_SOURCES: Record<string, string> = {
  "script-src": "https://connect.facebook.net",
  "img-src": "https://www.facebook.com",
  "connect-src": "https://www.facebook.com",
};

/**
 * Issue 28 §5: the document of an event whose Meta pixel is set may load Meta's script and send its
 * events to Meta; every other response (the event's API answers and files included) keeps the policy above.
 */
export function allowMetaPixel(reply: FastifyReply): void {
  const csp = reply.getHeader("content-security-policy");
  if (typeof csp !== "string") return;
  const directives = csp.split(";").map((directive) => {
    const source = META_PIXEL_SOURCES[directive.split(" ")[0] ?? ""];
    return source ? `${directive} ${source}` : directive;
  });
  reply.header("content-security-policy", directives.join(";"));
}

/** The headers helmet's middleware sets for these options (they depend on nothing in the request). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
