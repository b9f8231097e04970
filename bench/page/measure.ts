import type { Browser } from "playwright-core";

// Chrome DevTools' "Fast 3G" preset, which Lighthouse's mobile throttling also starts from
// (devtools-frontend front_end/core/sdk/NetworkManager.ts, Fast3GConditions): 1.6 Mbps down and
// 750 kbps up, each times 0.9, in bytes per second; 150 ms round trip times 3.75.
export const FAST_3G = {
  offline: false,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};
// Lighthouse's mobile CPU slowdown: a mid-range phone against a desktop.
const CPU_SLOWDOWN = 4;
// Lighthouse's mobile viewport (Moto G Power).
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const RUN_TIMEOUT_MS = 60_000;

export interface PageLoad {
  lcpMs: number;
  /** performance.now() after the first frame that shows the target button has been painted. */
  buttonVisibleMs: number;
  /** When React has committed the button with its handlers: it answers a click. */
  buttonInteractiveMs: number;
  jsBytes: number;
}

interface Marks {
  lcp: number;
  visible: number | null;
  interactive: number | null;
}

declare global {
  interface Window {
    pageBench: Marks;
  }
}

/** Runs in the page before its own scripts: records LCP and when the button appears and comes alive. */
function observe(label: string) {
  const marks: Marks = { lcp: 0, visible: null, interactive: null };
  window.pageBench = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  let painting = false;
  const check = () => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === label);
    if (!button) return;
    // On screen, not just in the DOM: the frame after it appears (a render-blocking stylesheet still on
    // its way holds every frame back), then the task after that frame's paint.
    if (!painting && button.checkVisibility()) {
      painting = true;
      requestAnimationFrame(() => setTimeout(() => (marks.visible = performance.now())));
    }
    // React keeps a host element's props (its onClick) on the node under "__reactProps$…" from the commit
    // that mounts it: a server-rendered button without it would be visible but not yet interactive.
    if (marks.interactive === null && Object.keys(button).some((key) => key.startsWith("__reactProps$"))) {
      marks.interactive = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  const poll = () => {
    check();
    if (marks.interactive === null) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

/** One cold load (fresh context: empty cache) on a throttled phone, until `buttonLabel` answers clicks. */
export async function loadOnce(browser: Browser, url: string, buttonLabel: string): Promise<PageLoad> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", FAST_3G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const scripts = new Set<string>();
    let jsBytes = 0;
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.add(e.requestId);
    });
    cdp.on("Network.loadingFinished", (e) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    // tsx compiles with esbuild's keepNames, which wraps the observer's inner functions in __name().
    await page.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
    await page.addInitScript(observe, buttonLabel);
    await page.goto(url, { waitUntil: "load", timeout: RUN_TIMEOUT_MS });
    await page.waitForFunction(() => window.pageBench.interactive !== null, null, {
      timeout: RUN_TIMEOUT_MS,
    });
    const marks = await page.evaluate(() => window.pageBench);
    return {
      lcpMs: marks.lcp,
      buttonVisibleMs: marks.visible ?? Number.NaN,
      buttonInteractiveMs: marks.interactive ?? Number.NaN,
      jsBytes,
    };
  } finally {
    await context.close();
  }
}
