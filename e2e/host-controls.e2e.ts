import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { signInBrowser, signInByMailedLink } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders, eventOfDemoHost } from "./support/dashboard";
import { endBroadcast } from "./support/live-room";
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
const codeOfNewEvent = async (request: APIRequestContext, access = "open") =>
  (await eventOfDemoHost(request, { access })).event.eventCode;

const sessionState = (page: Page, text: string) =>
  page.locator(".session-controls__state").getByText(text, { exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

test("the host enters the greenroom and goes live (reloading during the countdown); a guest follows each state live", async () => {
  const host = browser.page();
  const guestContext = await newContext();
  try {
    await signInBrowser(host.request, DEMO_HOST);
    const code = await codeOfNewEvent(host.request);
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
    // A host who reloads during the countdown sees it continue, not start again ('Take a breath 10').
    await host.locator(".go-live-countdown__seconds", { hasText: /^8$/ }).waitFor();
    await host.reload();
    const countdown = host.locator(".go-live-countdown");
    await countdown.waitFor();
    expect(Number(/\d+/.exec(await countdown.innerText())?.[0] ?? 0)).toBeLessThanOrEqual(8);
    await host.getByText("Going live in").waitFor();
    await host.getByText("You're live!").waitFor({ timeout: 30_000 });
    expect(await axeViolations(guest)).toEqual([]);

    await button(host, "End live").click();
    await sessionState(guest, "Live ended").waitFor();
    await button(host, "End event").click();
    await sessionState(guest, "Ended").waitFor();
    // Spec 2 §4: the host is asked for feedback (e2e/screens.e2e.ts answers it); closed here.
    await host.getByRole("dialog", { name: "How did your session go?" }).waitFor();
    await host.keyboard.press("Escape");
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
  const code = await codeOfNewEvent(host.request, "registration_required");
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

test("'Yes, call the audience': a guest in another live session of the event is taken to the called one", async () => {
  const host = browser.page();
  const guestContext = await newContext();
  let trackB: { id: number; urlHash: string } | undefined;
  let eventId = 0;
  try {
    await signInBrowser(host.request, DEMO_HOST);
    const created = await eventOfDemoHost(host.request, { multiSession: true, firstSessionTitle: "Track A" });
    eventId = created.event.id;
    const code = created.event.eventCode;
    const headers = await csrfHeaders(host.request);
    const added = await host.request.post(`/api/dash/events/${eventId}/sessions`, {
      headers,
      data: { title: "Track B", timeScheduled: "2031-01-01T12:00:00.000Z", durationMinutes: 60 },
    });
    if (!added.ok()) throw new Error(`session not added: ${added.status()} ${await added.text()}`);
    trackB = ((await added.json()) as { session: { id: number; urlHash: string } }).session;
    const trackA = created.sessions[0];
    if (!trackA) throw new Error("no first session");
    // Track A is live without a feed (no second composited feed on this machine): moved by the API.
    for (const state of ["greenroom", "broadcasting"]) {
      const moved = await host.request.post("/api/video-session/update-video-session", {
        headers,
        data: {
          video_session_id: trackA.id,
          event_id: eventId,
          video_session_state: state,
          is_recording: false,
        },
      });
      if (!moved.ok()) throw new Error(`track A not moved: ${moved.status()} ${await moved.text()}`);
    }

    const guest = await guestContext.newPage();
    await signUpVerified(guest.request, browser.baseUrl, {
      email: `ca-${Date.now()}@example.test`,
      firstName: "Cal",
      lastName: "Guest",
    });
    await guest.goto(`/c/${code}/${trackA.urlHash}`);
    await sessionState(guest, "Live").waitFor();
    await guest.locator(".room__session").getByText("Track A").waitFor();

    await host.goto(`/c/${code}/${trackB.urlHash}`);
    await button(host, "Enter greenroom").click();
    await sessionState(host, "In the greenroom").waitFor();
    await button(host, "Go live").click();
    const dialog = host.getByRole("dialog", { name: "Go live" });
    await dialog.getByRole("button", { name: "Yes, call the audience" }).click();
    await dialog.getByRole("button", { name: "Go live only" }).click();

    // Spec 1 §2: 'Another session is about to start', answered with Accept (else it goes in 12 s).
    const call = guest.getByRole("dialog", { name: "Another session is about to start" });
    await call.getByText("Track B is live now").waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    await call.getByRole("button", { name: "Accept" }).click();
    await guest.waitForURL(`**/c/${code}/${trackB.urlHash}`);
    await guest.locator(".room__session").getByText("Track B").waitFor();
    await sessionState(guest, "Live").waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    // The host's own tab is in the called session: it stays, with no toast.
    expect(new URL(host.url()).pathname).toBe(`/c/${code}/${trackB.urlHash}`);
    expect(await host.getByText("Track B is live now").count()).toBe(0);
  } finally {
    await guestContext.close();
    if (trackB) await endBroadcast(host.request, eventId, trackB.id);
  }
});
