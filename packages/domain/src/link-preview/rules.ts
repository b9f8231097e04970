import {
  LINK_PREVIEW_HTML_MAX_CHARS,
  LINK_PREVIEW_MAX_DIMENSION_PX,
  LINK_PREVIEW_PROTOCOLS,
  LINK_PREVIEW_TEXT_MAX_CHARS,
  LINK_PREVIEW_URL_MAX_CHARS,
} from "../constants";
import { hostAddress, isPublicAddress } from "./addresses";
import { type LinkPreview, OEMBED_TYPES, type OEmbedType } from "./schemas";

// Spec 3 §5, issue 26 §4: the link-preview helper's rules. The server applies them to the address it
// is asked about and to what a provider answers; the web may check an address before it asks.

/** Names that only ever mean this machine or its own network (RFC 6761, 6762, 8375; ICANN's .internal). */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

/**
 * Whether a URL's host is a private-range address or a name of this machine's own network: a literal
 * address outside the public internet (any spelling, addresses.ts), `localhost` and the local-only
 * domains, or a name of one label (`intranet`), which only a local resolver answers.
 */
function isPrivateHost(hostname: string): boolean {
  const address = hostAddress(hostname);
  if (address !== null) return !isPublicAddress(address);
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return LOCAL_NAME.test(name) || !name.includes(".");
}

/**
 * Spec 3 §5: the address to preview, or null for 'Invalid input URL': only a well-formed absolute
 * http, https or ftp address with a host, no user or password, and no private-range host.
 */
export function previewTarget(raw: string): URL | null {
  if (raw.length > LINK_PREVIEW_URL_MAX_CHARS) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (!(LINK_PREVIEW_PROTOCOLS as readonly string[]).includes(url.protocol)) return null;
  if (url.hostname === "" || url.username !== "" || url.password !== "") return null;
  return isPrivateHost(url.hostname) ? null : url;
}

/** An address a card may link to or load an image from: http or https only (no javascript: or data:). */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > LINK_PREVIEW_URL_MAX_CHARS) return undefined;
  try {
    const url = new URL(value);
    const isWeb = url.protocol === "https:" || url.protocol === "http:";
    return isWeb && url.username === "" && url.password === "" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : [...trimmed].slice(0, LINK_PREVIEW_TEXT_MAX_CHARS).join("");
}

/** oEmbed sizes are pixels; several providers send them as strings ("480"). */
function pixels(value: unknown): number | undefined {
  const n = typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) return undefined;
  const rounded = Math.round(n);
  return rounded > 0 && rounded <= LINK_PREVIEW_MAX_DIMENSION_PX ? rounded : undefined;
}

const isOEmbedType = (value: unknown): value is OEmbedType =>
  (OEMBED_TYPES as readonly unknown[]).includes(value);

/**
 * A provider's oEmbed answer as the web may show it, or null when it is not a JSON object. Spec 3 §7:
 * the provider's name and url from the list are added (replacing the provider's own words). Only
 * rich and video answers keep their html (the web renders it in a sandboxed frame); links must be
 * http(s); sizes are positive whole pixels; anything malformed is left out rather than refused.
 */
export function linkPreviewOf(raw: unknown, provider: { name: string; url: string }): LinkPreview | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const answer = raw as Record<string, unknown>;
  const type = isOEmbedType(answer.type) ? answer.type : "link";
  const html = type === "rich" || type === "video" ? answer.html : undefined;
  const fields: Omit<LinkPreview, "type" | "provider_name" | "provider_url"> = {
    version: typeof answer.version === "string" ? text(answer.version) : undefined,
    title: text(answer.title),
    author_name: text(answer.author_name),
    author_url: webUrl(answer.author_url),
    thumbnail_url: webUrl(answer.thumbnail_url),
    thumbnail_width: pixels(answer.thumbnail_width),
    thumbnail_height: pixels(answer.thumbnail_height),
    html: typeof html === "string" && html.length <= LINK_PREVIEW_HTML_MAX_CHARS ? html : undefined,
    width: pixels(answer.width),
    height: pixels(answer.height),
    url: webUrl(answer.url),
  };
  const kept = Object.entries(fields).filter(([, value]) => value !== undefined);
  return { type, ...Object.fromEntries(kept), provider_name: provider.name, provider_url: provider.url };
}

/** Characters that end a sentence, not an address ("see https://x.test/a."). */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Issue 26 §4: the address a chat message's preview card is for: its first http(s) link, without the
 * punctuation a sentence puts after it; null when it has none that previewTarget accepts.
 */
export function firstPreviewLink(text: string): string | null {
  const found = /\bhttps?:\/\/[^\s<>"]+/i.exec(text)?.[0];
  const link = found?.replace(TRAILING, "");
  return link && previewTarget(link) ? link : null;
}
