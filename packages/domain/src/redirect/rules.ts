/** Any origin will do: it only anchors relative paths so the URL parser can normalise them. */
const ANCHOR = "http://onstage.invalid";

/**
 * The one check for every redirect target (sign-in, e-mailed links, social sign-in): a path on this
 * site, normalised before it is judged, so `/.//evil.example`, `/\evil.example` or a tab inside `//`
 * cannot become a protocol-relative URL to another origin. Anything else becomes `fallback`.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, ANCHOR);
  } catch {
    return fallback;
  }
  if (url.origin !== ANCHOR) return fallback;
  // `/.//x` normalises to the path `//x`, which a browser would read as another host.
  return `${url.pathname.replace(/^\/{2,}/, "/")}${url.search}${url.hash}`;
}

/** True when `target` is already its own safe form: what a request schema accepts as a redirect path. */
export const isSafeRedirect = (target: string): boolean => safeRedirect(target, "") === target;
