import type { EmbeddedFirstPage, FirstPage, RenderFirstPage } from "@onstage/domain";
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
  // A part that loads only in the browser (React.lazy: the live room, dialogs) leaves its Suspense boundary
  // to the client, marked <!--$!-->. Hydrating around it would report a recoverable error; the browser
  // renders the whole page afresh instead, from the same data, over this markup (same frame, no spinner).
  const embedded: EmbeddedFirstPage = { ...page, hydrate: !html.includes("<!--$!-->") };
  // Inside <script type="application/json">: no "<" may close the element early (a title with </script>).
  return { html, state: JSON.stringify(embedded).replaceAll("<", "\\u003c") };
};
