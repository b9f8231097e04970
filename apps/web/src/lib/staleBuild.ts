const RELOADED_AT = "onstage:stale-build-reload";
/** A reload this recent did not help (the server is down, or the chunk is gone from this build too). */
const RETRY_AFTER_MS = 10_000;

interface Page {
  addEventListener(type: "vite:preloadError", listener: () => void): void;
  location: { reload(): void };
}

/**
 * A tab opened before a deploy asks for lazy chunks (a dialog, the live room) that the new build no
 * longer has; Vite then fires `vite:preloadError`. The page reloads to get the new build, once: a
 * second failure within RETRY_AFTER_MS goes on to the error page.
 */
export function reloadOnStaleBuild(
  page: Page,
  storage: Pick<Storage, "getItem" | "setItem">,
  now = Date.now,
) {
  page.addEventListener("vite:preloadError", () => {
    if (now() - Number(storage.getItem(RELOADED_AT) ?? 0) < RETRY_AFTER_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    page.location.reload();
  });
}
