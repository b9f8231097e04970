import { CLIP_EMBED_HEIGHT_PX, CLIP_EMBED_WIDTH } from "../constants";

// Spec 2 §2 and spec 3 §2, §9: where a clip is shared, embedded and registered from.

/** Spec 3 §2: the public clip page, the share link ({clips base}/clips/{slug}). */
export const clipPagePath = (slug: string) => `/clips/${encodeURIComponent(slug)}`;

/** The clip's player as other sites frame it. */
export const clipEmbedPath = (slug: string) => `/embed/clips/${encodeURIComponent(slug)}`;

/** The event page with the registration dialog open; spec 1 §2: clip_id counts the registration for the clip. */
export const clipRegisterPath = (eventCode: string, clipId: number) =>
  `/c/${encodeURIComponent(eventCode)}?clip_id=${clipId}&register=true`;

/** Spec 3 §2: the share targets' addresses for the clip page at `pageUrl`. */
export function clipShareTargets(pageUrl: string, title: string) {
  const url = encodeURIComponent(pageUrl);
  return {
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "<": "&lt;",
  ">": "&gt;",
};
const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/**
 * Spec 3 §2, §9: the embed code, an iframe of width 100% and height 800. The title names the frame for
 * screen readers on the other site; escaped, since a clip's title is anyone's text.
 */
export function clipEmbedCode(origin: string, clip: { slug: string; title: string }): string {
  const src = escapeAttribute(`${origin}${clipEmbedPath(clip.slug)}`);
  return (
    `<iframe src="${src}" width="${CLIP_EMBED_WIDTH}" height="${CLIP_EMBED_HEIGHT_PX}" frameborder="0" ` +
    `allow="autoplay; fullscreen" allowfullscreen title="${escapeAttribute(clip.title)}"></iframe>`
  );
}
