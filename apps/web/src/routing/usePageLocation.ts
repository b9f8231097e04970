import { useLocation, useSearch } from "wouter";

/** The page's path and its query (without the "?"): what a link back to this page keeps. */
export function usePageLocation(): { pathname: string; search: string } {
  const [pathname] = useLocation();
  return { pathname, search: useSearch() };
}
