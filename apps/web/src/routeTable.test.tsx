import { QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Router } from "wouter";
import { newQueryClient } from "./App";
import { loadMatchedPage, Pages } from "./routeTable";

// What the server renders at an address (entry-server.tsx), and so what the browser hydrates.
const serverRender = (path: string) =>
  renderToString(
    <QueryClientProvider client={newQueryClient()}>
      <Router ssrPath={path}>
        <Pages />
      </Router>
    </QueryClientProvider>,
  );

// React leaves a Suspense boundary it could not finish on the server to the browser.
const LEFT_TO_THE_BROWSER = "<!--$!-->";

describe("the route table", () => {
  test("a lazy page loaded ahead renders at once: the server's render is the page, which hydrates as is", async () => {
    expect(serverRender("/terms-of-service")).toContain(LEFT_TO_THE_BROWSER);
    await loadMatchedPage("/terms-of-service");
    const html = serverRender("/terms-of-service");
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
    expect(html).toContain("<h1>Terms of service</h1>");
  });

  test("the first route that matches wins: pop-outs before the event page, channels before unknown pages", async () => {
    await loadMatchedPage("/c/launch/abc/popout/qa");
    expect(serverRender("/c/launch/abc/popout/qa")).not.toContain(LEFT_TO_THE_BROWSER);
    expect(serverRender("/c/launch")).toContain("Loading event");
    expect(serverRender("/@demo")).toContain("Loading channel");
    expect(serverRender("/demo")).toContain("Page not found");
    expect(serverRender("/dash/nope/deeper")).toContain("Page not found");
  });
});
