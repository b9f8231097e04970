// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { ScrollToTop } from "./ScrollToTop";

afterEach(cleanup);

test("a new page starts at its top; back and forward leave the scroll to the browser", () => {
  const view = render(<ScrollToTop pathname="/a" />);
  window.scrollTo(0, 500);
  view.rerender(<ScrollToTop pathname="/a" />);
  expect(window.scrollY).toBe(500);
  view.rerender(<ScrollToTop pathname="/b" />);
  expect(window.scrollY).toBe(0);

  window.scrollTo(0, 300);
  window.history.pushState(null, "", "/a");
  window.dispatchEvent(new PopStateEvent("popstate"));
  view.rerender(<ScrollToTop pathname="/a" />);
  expect(window.scrollY).toBe(300);
});
