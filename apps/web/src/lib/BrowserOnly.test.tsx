// @vitest-environment happy-dom
import { act, lazy } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { BrowserOnly } from "./BrowserOnly";

// A part whose code this process has loaded already (a warm server): without BrowserOnly the server
// would render it on some requests and leave it to the browser on others.
const Part = () => <button type="button">Unregister</button>;
const page = (
  <main>
    <h1>Launch</h1>
    <BrowserOnly fallback={<p>Loading…</p>}>
      <Part />
    </BrowserOnly>
  </main>
);

test("the server renders the fallback, never the part, so every render hydrates the same markup", () => {
  const html = renderToString(page);
  expect(html).toContain("Loading…");
  expect(html).not.toContain("Unregister");
  expect(html).not.toContain("<!--$");
});

test("the browser hydrates the server's markup without a mismatch, then shows the part", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(page);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector("button")?.textContent).toBe("Unregister");
  expect(container.textContent).not.toContain("Loading…");
});

test("while the part's code loads in the browser, `loading` shows instead of the server's fallback", async () => {
  const Never = lazy(() => new Promise<{ default: () => null }>(() => {}));
  const container = document.createElement("div");
  await act(async () => {
    createRoot(container).render(
      <BrowserOnly fallback={<p>Server view</p>} loading={<p role="status">Opening…</p>}>
        <Never />
      </BrowserOnly>,
    );
  });
  expect(container.textContent).toBe("Opening…");
});
