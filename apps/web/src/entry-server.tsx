import type { FirstPage, RenderFirstPage } from "@onstage/domain";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { App, newQueryClient } from "./App";
import { seedFirstPage } from "./firstPage";
import { renderWith } from "./lib/firstRender";
import { loadMatchedPage, Pages } from "./routeTable";

/**
 * The server's render of a landing page from the data it loaded: the same tree the browser hydrates
 * (main.tsx), so the markup in the first response is the app's own first render.
 */
export const renderFirstPage: RenderFirstPage = async (page: FirstPage) => {
  const url = new URL(page.url, page.environment.origin);
  await loadMatchedPage(url.pathname);
  const queryClient = newQueryClient();
  seedFirstPage(queryClient, page.data);
  const html = renderWith(page.environment, () =>
    renderToString(
      <StrictMode>
        <App queryClient={queryClient}>
          <Router ssrPath={url.pathname} ssrSearch={url.search}>
            <Pages />
          </Router>
        </App>
      </StrictMode>,
    ),
  );
  queryClient.clear();
  // What loads only in the browser (the live room, dialogs) is rendered by neither side before hydration
  // (lib/BrowserOnly.tsx), so the browser always hydrates this markup. Inside <script type="application/json">: no "<" may close the element early (a title with </script>).
  return { html, state: JSON.stringify(page).replaceAll("<", "\\u003c") };
};
