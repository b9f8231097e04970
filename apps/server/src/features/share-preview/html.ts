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

/** Fills the web app's index.html with a page's title, description, Open Graph tags and robots rule. */
export function renderShell(template: string, content: ShellContent): string {
  const description = summary(content.description);
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const head = [
    meta("name", "description", description),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Onstage"),
    meta("property", "og:title", content.title),
    meta("property", "og:description", description),
    content.url ? meta("property", "og:url", content.url) : "",
    content.image ? meta("property", "og:image", content.image) : "",
    meta("name", "twitter:card", content.image ? "summary_large_image" : "summary"),
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
