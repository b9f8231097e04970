import type { EmbeddedFirstPage, FirstPage, RenderFirstPage } from "@onstage/domain";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App, newQueryClient } from "./App";
import { seedFirstPage } from "./firstPage";
import { renderWith } from "./lib/firstRender";
import { routes } from "./routeTable";

const handler = createStaticHandler(routes);

/**
 * The server's render of a landing page from the data it loaded: the same tree the browser hydrates
 * (main.tsx), so the markup in the first response is the app's own first render.
 */
export const renderFirstPage: RenderFirstPage = async (page: FirstPage) => {
  const context = await handler.query(new Request(new URL(page.url, page.environment.origin)));
  // A redirect or a thrown response: the browser's router handles it.
  if (context instanceof Response) return null;
  const queryClient = newQueryClient();
  seedFirstPage(queryClient, page.data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderWith(page.environment, () =>
    renderToString(
      <StrictMode>
        <App queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
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
