import { VIDEO_ANALYTICS_VIEWER_COOKIE_DAYS, viewSessionExpired } from "@onstage/domain";

// The collector's random ids (no personal data): the viewer (a long-lived cookie), the view session
// (the views of one visit, 25 minutes after the last activity), and each view.

const VIEWER_COOKIE = "onstage_viewer";
const VIEW_SESSION_KEY = "onstage.viewSession";

export const randomId = () => crypto.randomUUID();

/** Spec 3 §9: the viewer cookie lasts 7300 days. */
export function viewerId(): string {
  const found = document.cookie.match(/(?:^|;\s*)onstage_viewer=([A-Za-z0-9_-]{8,64})/)?.[1];
  const id = found ?? randomId();
  const maxAge = VIDEO_ANALYTICS_VIEWER_COOKIE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers.
  document.cookie = `${VIEWER_COOKIE}=${id}; max-age=${maxAge}; path=/; samesite=lax${secure}`;
  return id;
}

/** The visit's view session, renewed on each use; a new one after 25 minutes without any. */
export function viewSessionId(now = Date.now()): string {
  let stored: { id: string; lastActivity: number } | null = null;
  try {
    stored = JSON.parse(sessionStorage.getItem(VIEW_SESSION_KEY) ?? "null");
  } catch {
    stored = null;
  }
  const id = stored && !viewSessionExpired(now - stored.lastActivity) ? stored.id : randomId();
  try {
    sessionStorage.setItem(VIEW_SESSION_KEY, JSON.stringify({ id, lastActivity: now }));
  } catch {
    // Storage refused (private mode): the id lives for this view only.
  }
  return id;
}
