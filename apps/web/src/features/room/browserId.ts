const BROWSER_ID_KEY = "onstage:browser-id";
const BROWSER_KEY = "onstage:browser-key";

function randomHex(byteCount: number): string {
  // getRandomValues, not randomUUID: randomUUID needs a secure context, which a plain-http LAN instance is not.
  const bytes = crypto.getRandomValues(new Uint8Array(byteCount));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The value kept under `key` in `storage`, created on first use; null when storage is off. */
function stored(storage: () => Storage, key: string, create: () => string): string | null {
  try {
    const kept = storage().getItem(key);
    if (kept) return kept;
    const value = create();
    storage().setItem(key, value);
    return value;
  } catch {
    return null;
  }
}

let cachedKey: string | null = null;

/** Shared by every tab of this browser (localStorage); storage off: one key for this page load. */
function browserKey(): string {
  cachedKey ??=
    stored(
      () => window.localStorage,
      BROWSER_KEY,
      () => randomHex(8),
    ) ?? randomHex(8);
  return cachedKey;
}

let cachedId: string | null = null;

/**
 * Spec 1 §4 duplicate tab: this tab's id, kept in sessionStorage, so a reload stays the same tab and a
 * new tab (or window) is another. It starts with the browser's key, so a tab can tell the ids of its own
 * browser's tabs (`isFromThisBrowser`). Never a secret (BrowserId).
 */
export function browserId(): string {
  const create = () => `${browserKey()}-${randomHex(8)}`;
  cachedId ??= stored(() => window.sessionStorage, BROWSER_ID_KEY, create) ?? create();
  return cachedId;
}

/** Whether a tab id was made in this browser (a tab here may be asked whether it still runs). */
export function isFromThisBrowser(id: string): boolean {
  return id.startsWith(`${browserKey()}-`);
}
