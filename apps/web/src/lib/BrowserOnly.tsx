import { type ReactNode, Suspense, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * A part whose code loads in the browser only (React.lazy: the live room, dialogs, the greenroom button).
 * The server renders `fallback` whatever this process has loaded already, and the browser's hydration
 * renders it too, so a server-rendered page always hydrates the same markup; the part comes once the page
 * is alive.
 */
export function BrowserOnly({
  fallback = null,
  loading = fallback,
  children,
}: {
  fallback?: ReactNode;
  /** Shown while the part's code loads in the browser (a dialog just opened); `fallback` by default. */
  loading?: ReactNode;
  children: ReactNode;
}) {
  const isAlive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return isAlive ? <Suspense fallback={loading}>{children}</Suspense> : fallback;
}
