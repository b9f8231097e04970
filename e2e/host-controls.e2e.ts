import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { signInBrowser, signInByMailedLink } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 11: the host runs the session from the room, and everyone in it follows live. The host's tab
// sends the program feed (nobody on stage: the brand slate), so the countdown ends with "You're live!".
const browser = useBrowser();

async function newContext(): Promise<BrowserContext> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  return context;
}

/** As the demo host: a new event of the demo channel (open unless told) with one scheduled session. */
async function eventOfDemoHost(request: APIRequestContext, access = "open"): Promise<string> {
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const dash = (await (await request.get("/api/dash")).json()) as { channels: { channel: { id: number } }[] };
  const created = await request.post(`/api/channels/${dash.channels[0]?.channel.id}/events`, {
    headers: { "x-csrf-token": csrfToken },
    data: {
      title: `Host controls ${Date.now()}`,
      timezone: "UTC",
      access,
      firstSession: { timeScheduled: "2031-01-01T10:00:00.000Z", durationMinutes: 60 },
    },
  });
  if (!created.ok()) throw new Error(`event not created: ${created.status()} ${await created.text()}`);
  return ((await created.json()) as { event: { eventCode: string } }).event.eventCode;
}

const sessionState = (page: Page, text: string) =>
  page.locator(".session-controls__state").getByText(text, { exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("the host enters the greenroom and goes live; a guest follows each state live", async () => {
  const host = browser.page();
  const guestContext = await newContext();
  try {
    await signInBrowser(host.request, DEMO_HOST);
    const code = await eventOfDemoHost(host.request);
    const guest = await guestContext.newPage();
    await signUpVerified(guest.request, browser.baseUrl, {
      email: `hc-${Date.now()}@example.test`,
      firstName: "Gus",
      lastName: "Guest",
    });
    await host.goto(`/c/${code}`);
    await guest.goto(`/c/${code}`);
    await sessionState(guest, "Scheduled").waitFor();
    expect(await guest.getByRole("navigation", { name: "Host controls" }).count()).toBe(0);

    await button(host, "Enter greenroom").click();
    await sessionState(guest, "In the greenroom").waitFor();
    await button(host, "Exit greenroom").waitFor();

    await button(host, "Go live").click();
    const dialog = host.getByRole("dialog", { name: "Go live" });
    await dialog.waitFor();
    expect(await axeViolations(host)).toEqual([]);
    await dialog.getByRole("button", { name: "Go live only" }).click();

    await host.getByText("Take a breath").waitFor();
    await sessionState(guest, "Live").waitFor();
    await guest.locator(".go-live-countdown").waitFor();
    // Only the host level may cancel the countdown.
    await button(host, "Cancel").waitFor();
    expect(await button(guest, "Cancel").count()).toBe(0);
    await host.getByText("Going live in").waitFor();
    await host.getByText("You're live!").waitFor({ timeout: 30_000 });
    expect(await axeViolations(guest)).toEqual([]);

    await button(host, "End live").click();
    await sessionState(guest, "Live ended").waitFor();
    await button(host, "End event").click();
    await sessionState(guest, "Ended").waitFor();
    // Spec 2 §4: an ended session disconnects everyone but the host level.
    await guest.getByText("This session has ended. Thank you for joining.").waitFor();
    expect(await host.getByText("This session has ended. Thank you for joining.").count()).toBe(0);

    await button(host, "Reset session").click();
    const reset = host.getByRole("dialog", { name: "Reset session" });
    await reset.getByRole("button", { name: "Reset session" }).click();
    await sessionState(guest, "Scheduled").waitFor();
  } finally {
    await guestContext.close();
  }
});

test("in an event that needs registration, the host enters the greenroom from the event page", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const code = await eventOfDemoHost(host.request, "registration_required");
  await host.goto(`/c/${code}`);
  await button(host, "Enter greenroom").click();
  await sessionState(host, "In the greenroom").waitFor();
  expect(await axeViolations(host)).toEqual([]);
  // Spec 1 §4: a scheduled session shows the host the event page again.
  await button(host, "Exit greenroom").click();
  await host.locator(".session-controls").waitFor({ state: "detached" });
  await button(host, "Enter greenroom").waitFor();
});

test.each([
  { who: "moderator", email: "mo@onstage.test" },
  { who: "speaker", email: "sam@onstage.test" },
])("a $who in a live session has no host controls and no End button", async ({ email }) => {
  const page = browser.page();
  await signInByMailedLink(page.request, browser.baseUrl, email);
  await page.goto("/c/office-hours");
  await sessionState(page, "Live").waitFor();
  expect(await page.getByRole("navigation", { name: "Host controls" }).count()).toBe(0);
  expect(await button(page, "End live").count()).toBe(0);
  expect(await button(page, "End event").count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});
