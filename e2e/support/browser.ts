import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// The machine's network is closed: no background services, no QUIC, no GPU, no sandbox as root.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  // WebRTC to the embedded SFU on 127.0.0.1 (MEDIA-NOTES "WebRTC").
  "--allow-loopback-in-peer-connection",
];

/** One headless Chromium per test file (playwright gives it a fresh profile), a fresh context per test. */
export function useBrowser(): { page: () => Page; baseUrl: string } {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  let cspViolations: string[] = [];
  beforeEach(async () => {
    cspViolations = [];
    context = await browser?.newContext({ baseURL: baseUrl });
    // Every journey also proves the app runs under its own Content-Security-Policy, in every tab it opens.
    context?.on("page", (opened) =>
      opened.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy"))
          cspViolations.push(message.text());
      }),
    );
    page = await context?.newPage();
  });
  afterEach(async () => {
    await context?.close();
    if (cspViolations.length > 0) throw new Error(`CSP violations:\n${cspViolations.join("\n")}`);
  });
  return {
    baseUrl,
    page: () => {
      if (!page) throw new Error("browser not started");
      return page;
    },
  };
}
