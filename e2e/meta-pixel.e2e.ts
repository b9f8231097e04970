import { errorMessage, REGISTERED_LABELS } from "@onstage/domain";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { EventEditorPage } from "./pages/EventEditorPage";
import { EventPage } from "./pages/EventPage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { eventOfDemoHost } from "./support/dashboard";
import { registerLabel } from "./support/labels";

// Issue 28 §5: the host sets a Meta pixel in the event editor; a visitor's page of that event loads
// Meta's script (a stand-in here, which records what the page asks of it) and sends PageView, then
// CompleteRegistration once they registered. Another event's page asks Meta for nothing. The visitor's
// tab runs under the server's CSP, which the browser harness fails on any violation of.

const browser = useBrowser();
const PIXEL_ID = "123456789012345";

/** fbevents.js as a stand-in: it takes fbq's queue over and keeps every call in window.__fbqCalls. */
const FBEVENTS_STAND_IN = `(() => {
  const fbq = window.fbq;
  window.__fbqCalls = [];
  fbq.callMethod = (...args) => window.__fbqCalls.push(args);
  for (const args of fbq.queue) fbq.callMethod(...args);
  fbq.queue.length = 0;
})();`;

const fbqCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls ?? []);

/** Waits until the page has sent `event` to the pixel. */
const tracked = (page: Page, event: string) =>
  page.waitForFunction(
    (name) =>
      (window as unknown as { __fbqCalls?: unknown[][] }).__fbqCalls?.some(
        ([method, sent]) => method === "track" && sent === name,
      ),
    event,
  );

test("the host sets a Meta pixel; its event's page sends PageView and CompleteRegistration, another event's loads nothing of Meta", async () => {
  const hostContext = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!hostContext) throw new Error("no browser");
  const host = await hostContext.newPage();
  await signInBrowser(host.request, DEMO_HOST);
  const { event } = await eventOfDemoHost(host.request, { access: "registration_required" });
  try {
    const editor = new EventEditorPage(host);
    await editor.open(event.id);
    await editor.metaPixelIdField().fill("fbq('init', '123')");
    await editor.metaPixelPageLoadCheckbox().check();
    await editor.metaPixelRegistrationCheckbox().check();
    await editor.saveDetailsButton().click();
    await editor.formError().getByText(errorMessage("invalid_meta_pixel_id")).waitFor();
    await editor.metaPixelIdField().fill(PIXEL_ID);
    await editor.saveDetailsButton().click();
    await editor.message("Event saved").waitFor();
    expect(await axeViolations(host)).toEqual([]);
  } finally {
    await hostContext.close();
  }

  const visitor = browser.page();
  const fromMeta: string[] = [];
  visitor.on("request", (request) => {
    if (/facebook\.(net|com)/.test(new URL(request.url()).hostname)) fromMeta.push(request.url());
  });
  await visitor.route("https://connect.facebook.net/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: FBEVENTS_STAND_IN }),
  );
  await signInBrowser(visitor.request, {
    email: `pixel-${Date.now()}@example.test`,
    firstName: "Pia",
    lastName: "Visitor",
  });

  const page = new EventPage(visitor);
  await page.open(event.eventCode);
  await tracked(visitor, "PageView");
  expect(await fbqCalls(visitor)).toEqual([
    ["set", "autoConfig", false, PIXEL_ID],
    ["init", PIXEL_ID],
    ["track", "PageView"],
  ]);
  expect(fromMeta).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);

  await page.registerButton(registerLabel({})).click();
  await page.registeredPanel(REGISTERED_LABELS.status).waitFor();
  await tracked(visitor, "CompleteRegistration");
  expect((await fbqCalls(visitor)).slice(3)).toEqual([["track", "CompleteRegistration"]]);
  expect(await axeViolations(visitor)).toEqual([]);

  // Reached inside the app from another page (its channel's), the event's page is not the document the
  // server let Meta's script load on: the loader runs and leaves Meta alone.
  fromMeta.length = 0;
  const shown = (await (await visitor.request.get(`/api/events/by-code/${event.eventCode}`)).json()) as {
    event: { title: string; organization: { channelName: string } };
  };
  await visitor.goto(`/@${shown.event.organization.channelName}`);
  await visitor.getByRole("link", { name: shown.event.title }).click();
  await visitor.getByRole("heading", { level: 1, name: shown.event.title }).waitFor();
  await visitor.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.includes("/assets/metaPixel-")),
  );
  expect(await visitor.evaluate(() => "fbq" in window)).toBe(false);
  expect(fromMeta).toEqual([]);

  // Another event's page, opened as a document: no script, no fbq, nothing sent to Meta.
  await page.open("summit");
  await page.title().waitFor();
  expect(await visitor.evaluate(() => "fbq" in window)).toBe(false);
  expect(fromMeta).toEqual([]);
});
