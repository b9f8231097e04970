import { FIRST_PAGE_ELEMENT_ID } from "@onstage/domain";
import { expect, test } from "vitest";
import { EventPage } from "./pages/EventPage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { registerLabel as label } from "./support/labels";

// Issue 14 §2: the landing pages arrive rendered, with their data, and the app hydrates that markup.
const browser = useBrowser();
const RESERVE = label({ customText: "Reserve my seat" });

const firstHtml = async (path: string, cookie?: string) => {
  const res = await fetch(`${browser.baseUrl}${path}`, cookie ? { headers: { cookie } } : undefined);
  return { status: res.status, html: await res.text() };
};

/** The state the page's hydration starts from (null: the server rendered no page). */
const embeddedState = (html: string) => {
  const state = html.match(
    new RegExp(`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">(.*?)</script>`),
  );
  return JSON.parse(state?.[1] ?? "null");
};

test("the event page's first response holds the landing page and the data it was rendered from", async () => {
  const { html } = await firstHtml("/c/launch-webinar");
  expect(html).toMatch(new RegExp(`<button[^>]*>${RESERVE}</button>`));
  expect(html).toContain('<h1 class="landing__title">Product Launch Webinar</h1>');
  const firstPage = embeddedState(html);
  expect(firstPage.data.eventPage.data.event.title).toBe("Product Launch Webinar");
  expect(firstPage.data.me).toEqual({ user: null });
});

test("the home page and a channel page arrive rendered too", async () => {
  expect((await firstHtml("/")).html).toMatch(/<a [^>]*>Product Launch Webinar<\/a>/);
  expect((await firstHtml("/@demo")).html).toMatch(/<h1[^>]*>Onstage Demo<\/h1>/);
});

test("an unknown event keeps its 404 and the app shows Event not found", async () => {
  const { status, html } = await firstHtml("/c/nope");
  expect(status).toBe(404);
  expect(embeddedState(html)).toBeNull();
  const page = browser.page();
  await new EventPage(page).open("nope");
  await page.getByRole("heading", { name: "Event not found" }).waitFor();
});

test("a visitor sees the register button before the app's JavaScript has run, never a spinner", async () => {
  const page = browser.page();
  // Hold the app's scripts back: what shows meanwhile is the server's render alone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("Loading event"))
        document.documentElement.dataset.spinner = "seen";
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/(me|events\/by-code)/.test(request.url())) asked.push(request.url());
  });
  const event = new EventPage(page);
  const opened = event.open("launch-webinar");
  await event.registerButton(RESERVE).waitFor();
  release();
  await opened;
  expect(await page.evaluate(() => document.documentElement.dataset.spinner)).toBeUndefined();
  // Hydration starts from the embedded answers: no second round trip for them.
  expect(asked).toEqual([]);
  // Hydrated, the same button opens the registration dialog.
  await event.registerButton(RESERVE).click();
  await page.getByRole("dialog").waitFor();
  expect(await axeViolations(page)).toEqual([]);
});

test("a signed-in visitor's first response already shows their account", async () => {
  const page = browser.page();
  await signInBrowser(page.request, { email: "host@onstage.test", password: "onstage-demo" });
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const { html } = await firstHtml("/c/launch-webinar", cookie);
  expect(html).toContain('<h1 class="landing__title">Product Launch Webinar</h1>');
  expect(embeddedState(html).data.me.user.email).toBe("host@onstage.test");
  expect(html).not.toContain(">Sign in</a>");
  // The host's landing page has parts that load in the browser only (the greenroom button): it still
  // hydrates the server's markup (a mismatch fails the journey).
  await new EventPage(page).open("launch-webinar");
  await page.getByRole("heading", { level: 1, name: "Product Launch Webinar" }).waitFor();
});
