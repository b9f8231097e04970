import { type ComponentType, Suspense, useState } from "react";
import { lazyComponent } from "../lib/lazyComponent";
import { Spinner } from "../ui/Spinner";

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's code ahead of its first render. */
  load: () => Promise<void>;
}

/**
 * A page whose code loads when it is first shown. Loaded ahead (`load`: the server before rendering it,
 * the browser before hydrating that render), it renders at once, without suspending: the first client
 * render is then the server's markup, not a fallback.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  const Lazy = lazyComponent(async () => {
    loaded = await load();
    return loaded;
  });
  function Page() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the page.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    // Only here: hydration would leave a Suspense boundary's content for a pass after the first render's
    // environment is gone (lib/firstRender.ts), so a page the server rendered must not sit in one.
    return (
      <Suspense fallback={<Spinner />}>
        <Lazy />
      </Suspense>
    );
  }
  return {
    Page,
    load: async () => {
      loaded = await load();
    },
  };
}
