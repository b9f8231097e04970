// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, test, vi } from "vitest";
import { useNow } from "./useNow";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

test("a mount with a fresh clock renders once; the clock then ticks", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  // A clock that moves a little between the render and its effect, as a real one does.
  let clock = 1_000_000;
  vi.spyOn(Date, "now").mockImplementation(() => (clock += 5));
  const renders: number[] = [];
  function Clock() {
    renders.push(useNow(1_000));
    return null;
  }
  await act(async () => {
    createRoot(document.createElement("div")).render(<Clock />);
  });
  expect(renders).toHaveLength(1);
  clock += 1_000;
  await act(async () => {
    vi.advanceTimersByTime(1_000);
  });
  expect(renders).toHaveLength(2);
  expect((renders[1] ?? 0) - (renders[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
});
