import { expect, test, vi } from "vitest";
import { reloadOnStaleBuild } from "./staleBuild";

function page() {
  const target = new EventTarget();
  const reload = vi.fn();
  return {
    addEventListener: (type: "vite:preloadError", listener: () => void) =>
      target.addEventListener(type, listener),
    location: { reload },
    failChunk: () => target.dispatchEvent(new Event("vite:preloadError")),
    reload,
  };
}

test("a missing chunk reloads the page once; another failure soon after does not loop", () => {
  const stored = new Map<string, string>();
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: stored.set.bind(stored) };
  let time = 1_000_000;
  const tab = page();
  reloadOnStaleBuild(tab, storage, () => time);
  tab.failChunk();
  expect(tab.reload).toHaveBeenCalledTimes(1);

  // The reloaded page (same session storage) fails again at once: no second reload.
  const reloaded = page();
  reloadOnStaleBuild(reloaded, storage, () => time);
  time += 2_000;
  reloaded.failChunk();
  expect(reloaded.reload).not.toHaveBeenCalled();

  // Much later (the next deploy), it reloads again.
  time += 60_000;
  reloaded.failChunk();
  expect(reloaded.reload).toHaveBeenCalledTimes(1);
});
