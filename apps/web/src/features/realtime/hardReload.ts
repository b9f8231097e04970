import { SUBSCRIPTION_FAILURES_BEFORE_RELOAD, shouldHardReload } from "@onstage/domain";

// Spec 2 §4, §8: after 5 failures of one subscription the page hard-reloads, at most once an hour. The
// last reload is kept in localStorage, so the guard holds across the reload itself and across tabs.

const LAST_RELOAD_KEY = "onstage:realtime:last-reload-at";
export const CONNECTION_TROUBLE_TEXT = "Chat connection issues detected. Please refresh the page.";

function lastReloadAt(): number | null {
  try {
    const stored = Number(window.localStorage.getItem(LAST_RELOAD_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    // Storage can be off (private modes, policies): then no reload is ever remembered.
    return null;
  }
}

function rememberReload(now: number) {
  try {
    window.localStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // See lastReloadAt.
  }
}

let notified = false;

/** Spec 2 §8: the reload was blocked by the guard; a desktop notification tells a person in another window. */
function notifyTrouble() {
  if (notified || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  notified = true;
  new Notification(CONNECTION_TROUBLE_TEXT);
}

/** True when the page is reloading now; false when the guard blocked it (the caller shows an error). */
export function hardReloadAfterFailures(failures: number): boolean {
  // Offline, a reload would replace the app with the browser's error page; 'online' reconnects instead.
  if (!navigator.onLine) return false;
  const now = Date.now();
  if (!shouldHardReload(failures, lastReloadAt(), now)) {
    if (failures >= SUBSCRIPTION_FAILURES_BEFORE_RELOAD) notifyTrouble();
    return false;
  }
  rememberReload(now);
  window.location.reload();
  return true;
}
