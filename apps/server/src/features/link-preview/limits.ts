// Issue 26 §4: every bound of the link-preview helper (docs/decisions.md "Link previews").

const MINUTE_MS = 60_000;

/** One provider request, redirects included: its answer's size, its whole time, its hops. */
export const PREVIEW_FETCH_LIMITS = {
  maxBytes: 256 * 1024,
  timeoutMs: 5_000,
  maxRedirects: 3,
} as const;

export const PREVIEW_CACHE = {
  /** Entries per node; an entry is at most a few tens of KB (the domain bounds html and text). */
  entries: 1_000,
  /** A provider's answer. */
  previewMs: 60 * MINUTE_MS,
  /** No provider for the address, or the provider has no preview of it. */
  noPreviewMs: 5 * MINUTE_MS,
} as const;
