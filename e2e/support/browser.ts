import { FIRST_PAGE_ELEMENT_ID } from "@onstage/domain";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";

/**
 * React's hydration errors in development or minified wording: a mismatch (#418, #423, #425) or a
 * boundary the server left to the browser while the page was hydrated (#419).
 */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|423|425)/i;

/**
 * A landing page arrives rendered by the server and comes alive when the app has hydrated it: every
 * navigation a journey makes waits for that (App.tsx marks <html data-app="ready">), as a person waits for
 * the page to respond. Other documents (pages the app renders from nothing, test harnesses) are not waited for.
 */
function waitForTheAppOnLoad(page: Page): void {
  const ready = () =>
    page.waitForFunction(
      (stateId) => !document.getElementById(stateId) || document.documentElement.dataset.app === "ready",
      FIRST_PAGE_ELEMENT_ID,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await ready();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await ready();
    return response;
  };
}

/** One headless Chromium per test file (playwright gives it a fresh profile), a fresh context per test. */
export function useBrowser(server?: () => string): { page: () => Page; readonly baseUrl: string } {
  const shared = inject("baseUrl");
  // A suite with a server of its own (a setting of its own) names it; it is started by then.
  const urlOf = () => server?.() ?? shared;
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
  let hydrationErrors: string[] = [];
  beforeEach(async () => {
    cspViolations = [];
    hydrationErrors = [];
    context = await browser?.newContext({ baseURL: urlOf() });
    // Every journey also proves the app runs under its own Content-Security-Policy, in every tab it opens.
    context?.on("page", (opened) => {
      opened.on("console", (message) => {
        if (message.type() === "error" && message.text().includes("Content Security Policy"))
          cspViolations.push(message.text());
        if (message.type() === "error" && HYDRATION_ERROR.test(message.text()))
          hydrationErrors.push(message.text());
      });
      opened.on("pageerror", (error) => {
        if (HYDRATION_ERROR.test(error.message)) hydrationErrors.push(error.message);
      });
      waitForTheAppOnLoad(opened);
    });
    page = await context?.newPage();
  });
  afterEach(async () => {
    await context?.close();
    if (cspViolations.length > 0) throw new Error(`CSP violations:\n${cspViolations.join("\n")}`);
    // The server's first render and the app's must agree (share-preview/first-page.ts).
    if (hydrationErrors.length > 0) throw new Error(`Hydration errors:\n${hydrationErrors.join("\n")}`);
  });
  return {
    get baseUrl() {
      return urlOf();
    },
    page: () => {
      if (!page) throw new Error("browser not started");
      return page;
    },
  };
}
