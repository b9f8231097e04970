const BROWSER_ID_KEY = "onstage:browser-id";

function randomId(): string {
  // getRandomValues, not randomUUID: randomUUID needs a secure context, which a plain-http LAN instance is not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

let fallback: string | null = null;

/**
 * Spec 1 §4 duplicate tab: this tab's id, random and kept in sessionStorage, so a reload stays the same
 * tab and a new tab (or window) is another. Never a secret (BrowserId).
 */
export function browserId(): string {
  try {
    const stored = window.sessionStorage.getItem(BROWSER_ID_KEY);
    if (stored) return stored;
    const id = randomId();
    window.sessionStorage.setItem(BROWSER_ID_KEY, id);
    return id;
  } catch {
    // Storage off: one id for this page load.
    fallback ??= randomId();
    return fallback;
  }
}
