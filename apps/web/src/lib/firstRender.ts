import type { RenderEnvironment } from "@onstage/domain";
import { useSyncExternalStore } from "react";

// The server's render of a landing page and the browser's hydration of it must produce the same markup,
// so what differs between the two machines (clock, zone, origin) comes from here during that first render:
// set for the length of the server's synchronous render, and in the browser until hydration has committed.
let firstRender: RenderEnvironment | null = null;

/** Server: renders with the request's environment (renderToString is synchronous, so requests never mix). */
export function renderWith<T>(environment: RenderEnvironment, render: () => T): T {
  firstRender = environment;
  try {
    return render();
  } finally {
    firstRender = null;
  }
}

/** Browser: hydration starts from the environment the server embedded... */
export function startHydration(environment: RenderEnvironment): void {
  firstRender = environment;
}

/**
 * ...and components mounted after it see the browser's own. The page is then alive: <html data-app="ready">
 * tells scripts that watch it (the browser journeys, bench:page) that the app answers clicks.
 */
export function endHydration(): void {
  firstRender = null;
  document.documentElement.dataset.app = "ready";
}

/** How long a landing page's embedded answers count as fresh: longer than loading the app takes on a slow phone. */
export const FIRST_PAGE_FRESH_MS = 10_000;

const noSubscription = () => () => {};

/** The clock a component starts from: the server's during the first render. */
export const initialNow = (): number => firstRender?.now ?? Date.now();

/**
 * The zone shownTime shows times in: undefined is the browser's own; during the first render the viewer's
 * zone as the server knew it (its cookie), else the event's.
 */
export function useViewerTimeZone(eventTimeZone: string): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => undefined,
    () => firstRender?.timeZone ?? eventTimeZone,
  );
}

/** False in the server's render and the hydration that follows it; true once the browser renders on its own. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** This site's origin, for links a visitor copies or shares. */
export function usePageOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => firstRender?.origin ?? "",
  );
}

/** Tells the server the browser's zone, so the next first render shows times as the browser will. */
export function rememberTimeZone(cookieName: string): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const cookie = `${cookieName}=${encodeURIComponent(zone)}`;
  if (document.cookie.split("; ").includes(cookie)) return;
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers.
  document.cookie = `${cookie}; path=/; max-age=31536000; samesite=lax${secure}`;
}
