import { useLayoutEffect, useRef } from "react";

// Back and forward (popstate) leave the scroll position to the browser, which restores it.
let poppedTo: string | null = null;
if (typeof window !== "undefined") {
  window.addEventListener("popstate", () => {
    poppedTo = window.location.pathname;
  });
}

/** Another page opened by a link or a redirect starts at its top, as after a full page load. */
export function ScrollToTop({ pathname }: { pathname: string }) {
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (poppedTo !== window.location.pathname) window.scrollTo(0, 0);
    poppedTo = null;
  }, [pathname]);
  return null;
}
