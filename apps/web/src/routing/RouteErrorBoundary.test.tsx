// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, test, vi } from "vitest";
import { RouteErrorBoundary } from "./RouteErrorBoundary";

afterEach(cleanup);

function Broken(): never {
  throw new Error("the page failed");
}

const at = (address: string, page: ReactNode) => (
  <RouteErrorBoundary address={address} fallback={<p>Something went wrong</p>}>
    {page}
  </RouteErrorBoundary>
);

test("a page that throws shows the error page until the visitor goes to another page", () => {
  // React reports the caught error on the console; the test expects it.
  vi.spyOn(console, "error").mockImplementation(() => {});
  const view = render(at("/broken", <Broken />));
  expect(screen.getByText("Something went wrong")).toBeTruthy();
  view.rerender(at("/broken", <p>Same page, rendered again</p>));
  expect(screen.getByText("Something went wrong")).toBeTruthy();
  view.rerender(at("/other", <p>Another page</p>));
  expect(screen.getByText("Another page")).toBeTruthy();
});

test("a query-only change (Back from ?register=true) tries the page again", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const view = render(at("/c/launch?register=true", <Broken />));
  expect(screen.getByText("Something went wrong")).toBeTruthy();
  view.rerender(at("/c/launch", <p>The landing page</p>));
  expect(screen.getByText("The landing page")).toBeTruthy();
});
