import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * React.lazy for our named exports. Keep the loader too: calling it early (on hover, on focus) starts the
 * download, and the browser's module map makes the later render reuse it.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound; props are inferred from the component.
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<C>): LazyExoticComponent<C> {
  return lazy(async () => ({ default: await load() }));
}
