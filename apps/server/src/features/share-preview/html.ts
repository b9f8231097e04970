import { readFile } from "node:fs/promises";
import path from "node:path";
import { escapeHtml } from "../../http/html";

export interface ShellContent {
  title: string;
  description: string;
  /** Absolute URL of the page, for og:url. */
  url?: string;
  /** Absolute URL of a preview image, for og:image. */
  image?: string | null;
  /** A clip (issue 26 §3): its MP4 for og:video, and the embed page a card may play (twitter:player). */
  video?: { mp4: string; player: string } | null;
  noindex: boolean;
  /** What a visitor without JavaScript (or a link unfurler) sees in the body: the app's own first render when it has one. */
  body: string;
  /** The state the app's hydration starts from (first-page.ts), after #root. */
  state?: string;
}

// Used when the web app has not been built (server tests, API-only runs).
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Onstage</title><!--onstage-head--></head>
<body><div id="root"><!--onstage-body--></div></body></html>`;

export async function loadShellTemplate(webDist: string): Promise<{ template: string; built: boolean }> {
  try {
    return { template: await readFile(path.join(webDist, "index.html"), "utf8"), built: true };
  } catch {
    return { template: FALLBACK_TEMPLATE, built: false };
  }
}

const DESCRIPTION_MAX_CHARS = 200;

function summary(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DESCRIPTION_MAX_CHARS ? `${flat.slice(0, DESCRIPTION_MAX_CHARS - 1)}…` : flat;
}

type Meta = (attr: "name" | "property", key: string, value: string) => string;

/** The clip's MP4 for Open Graph readers, and the player card's frame (the embed page). */
function videoTags(video: { mp4: string; player: string }, meta: Meta): string[] {
  const [width, height] = ["1280", "720"];
  return [
    meta("property", "og:video", video.mp4),
    ...(video.mp4.startsWith("https:") ? [meta("property", "og:video:secure_url", video.mp4)] : []),
    meta("property", "og:video:type", "video/mp4"),
    meta("property", "og:video:width", width),
    meta("property", "og:video:height", height),
    meta("name", "twitter:player", video.player),
    meta("name", "twitter:player:width", width),
    meta("name", "twitter:player:height", height),
    meta("name", "twitter:player:stream", video.mp4),
  ];
}

const twitterCard = (content: ShellContent) =>
  content.video ? "player" : content.image ? "summary_large_image" : "summary";

/** Fills the web app's index.html with a page's title, description, Open Graph tags and robots rule. */
export function renderShell(template: string, content: ShellContent): string {
  const description = summary(content.description);
  const meta: Meta = (attr, key, value) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    meta("name", "description", description),
    meta("property", "og:type", content.video ? "video.other" : "website"),
    meta("property", "og:site_name", "Onstage"),
    meta("property", "og:title", content.title),
    meta("property", "og:description", description),
    content.url ? meta("property", "og:url", content.url) : "",
    content.image ? meta("property", "og:image", content.image) : "",
    ...(content.video ? videoTags(content.video, meta) : []),
    meta("name", "twitter:card", twitterCard(content)),
    meta("name", "twitter:title", content.title),
    meta("name", "twitter:description", description),
    content.noindex ? meta("name", "robots", "noindex, nofollow") : "",
  ]
    .filter(Boolean)
    .join("\n    ");
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(content.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, "")
    .replace("<!--onstage-head-->", () => head)
    .replace("<!--onstage-body-->", () => content.body)
    .replace("</body>", () => `${content.state ?? ""}</body>`);
}
