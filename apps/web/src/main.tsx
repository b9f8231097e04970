import { TIME_ZONE_COOKIE } from "@onstage/domain";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, newQueryClient } from "./App";
import { watchPageErrors } from "./features/error-reporting/reportError";
import { readFirstPage } from "./firstPage";
import { rememberTimeZone, startHydration } from "./lib/firstRender";
import { reloadOnStaleBuild } from "./lib/staleBuild";
import { loadMatchedPage, Pages } from "./routeTable";
import "./ui/base.css";

watchPageErrors(window);
const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const queryClient = newQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient}>
      <Pages />
    </App>
  </StrictMode>
);
// A landing page the server rendered comes with the data and environment it rendered from: hydrating
// from them gives the same markup, with no spinner and no second round trip. Other pages carry a no-JS
// preview (or nothing) inside #root, which the app simply replaces.
const firstPage = readFirstPage(queryClient);
if (firstPage) {
  // A lazy page the server rendered (a pop-out) must be loaded before the markup is hydrated.
  void loadMatchedPage(window.location.pathname).then(() => {
    startHydration(firstPage.environment);
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
rememberTimeZone(TIME_ZONE_COOKIE);
reloadOnStaleBuild(window, sessionStorage);
