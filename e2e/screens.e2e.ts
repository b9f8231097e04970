import type { APIRequestContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { type CreatedEvent, csrfHeaders, eventOfDemoHost } from "./support/dashboard";
import { signUpVerified } from "./support/verified-account";

// Issue 12 §1, §10: the session screens by state (countdown, thank-you; the lobby agenda is in
// journey.e2e.ts) and the host's feedback modal after End event. The demo host builds each event through the API.
const browser = useBrowser();

async function addSession(request: APIRequestContext, eventId: number, title: string, timeScheduled: string) {
  const added = await request.post(`/api/dash/events/${eventId}/sessions`, {
    headers: await csrfHeaders(request),
    data: { title, timeScheduled, durationMinutes: 60 },
  });
  if (!added.ok()) throw new Error(`session not added: ${added.status()} ${await added.text()}`);
  return ((await added.json()) as { session: { id: number; urlHash: string } }).session;
}

/** The session moved through `states` by the host's API (no program feed needed for these screens). */
async function moveSession(request: APIRequestContext, created: CreatedEvent, states: string[]) {
  const session = created.sessions[0];
  if (!session) throw new Error("no session");
  for (const state of states) {
    const moved = await request.post("/api/video-session/update-video-session", {
      headers: await csrfHeaders(request),
      data: {
        video_session_id: session.id,
        event_id: created.event.id,
        video_session_state: state,
        is_recording: state === "broadcasting" ? false : undefined,
      },
    });
    if (!moved.ok()) throw new Error(`not moved to ${state}: ${moved.status()} ${await moved.text()}`);
  }
  return session;
}

/** `journey` in a signed-out browser context of its own, closed afterwards. */
async function asVisitor(journey: (visitor: Page) => Promise<void>) {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  try {
    await journey(await context.newPage());
  } finally {
    await context.close();
  }
}

test("the lobby of a multi-session event lists its sessions by group, 3 and '+N more', each linking to it", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request, { multiSession: true, firstSessionTitle: "Track A" });
  const { id: eventId, eventCode: code } = created.event;
  const trackB = await addSession(host.request, eventId, "Track B", "2031-01-01T11:00:00.000Z");
  await addSession(host.request, eventId, "Track C", "2031-01-01T12:00:00.000Z");
  await addSession(host.request, eventId, "Track D", "2031-01-01T13:00:00.000Z");

  await asVisitor(async (visitor) => {
    await visitor.goto(`/c/${code}/lobby`);
    const upcoming = visitor.getByRole("region", { name: "Coming up" });
    await upcoming.waitFor();
    expect(await upcoming.getByRole("link").allInnerTexts()).toEqual(["Track A", "Track B", "Track C"]);
    expect(await axeViolations(visitor)).toEqual([]);
    await upcoming.getByRole("button", { name: "+1 more" }).click();
    await upcoming.getByRole("link", { name: "Track D" }).waitFor();
    // The agenda is live: Track A goes live and moves to 'Live now' without a reload.
    await moveSession(host.request, created, ["greenroom", "broadcasting"]);
    await visitor
      .getByRole("region", { name: "Live now" })
      .getByRole("link", { name: /Track A/ })
      .waitFor();

    await upcoming.getByRole("link", { name: "Track B" }).click();
    await visitor.waitForURL(`**/c/${code}/${trackB.urlHash}`);
    await visitor.locator(".room__session").getByText("Track B").waitFor();
    // Every room of a multi-session event has the same list in its Sessions tab.
    await visitor.getByRole("tab", { name: /^Sessions/ }).click();
    await visitor.getByRole("tabpanel").getByRole("link", { name: "Track A" }).waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
  });
});

test("before the start: a countdown in days, hours, minutes and seconds with the event's time zone", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request);
  await asVisitor(async (visitor) => {
    await visitor.goto(`/c/${created.event.eventCode}`);
    const stage = visitor.getByRole("region", { name: "Stage" });
    const timer = stage.getByRole("timer", { name: "Starts in" });
    await timer.waitFor();
    for (const unit of ["days", "hours", "minutes", "seconds"]) await timer.getByText(unit).waitFor();
    // The start is shown in the viewer's zone; the tooltip names the event's.
    expect(await stage.locator("time").first().getAttribute("title")).toMatch(/UTC/);
    expect(await axeViolations(visitor)).toEqual([]);
  });
});

test("after the event, with no recording: a thank-you screen linking to the channel", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request);
  await moveSession(host.request, created, ["greenroom", "broadcasting", "postevent", "ended"]);
  await asVisitor(async (visitor) => {
    await visitor.goto(`/c/${created.event.eventCode}`);
    const thanks = visitor.getByRole("region", { name: "Thank you for joining" });
    await thanks.waitFor();
    const channelLink = thanks.getByRole("link");
    expect(await channelLink.getAttribute("href")).toMatch(/^\/@[\w-]+$/);
    expect(await axeViolations(visitor)).toEqual([]);
  });
});

test("End event: the host rates the session on three pages and the feedback is stored", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request);
  await moveSession(host.request, created, ["greenroom", "broadcasting", "postevent"]);
  await host.goto(`/c/${created.event.eventCode}`);
  await host.getByRole("button", { name: "End event", exact: true }).click();

  const dialog = host.getByRole("dialog", { name: "How did your session go?" });
  await dialog.waitFor();
  expect(await axeViolations(host)).toEqual([]);
  await dialog.locator("label").filter({ hasText: "4 stars" }).click();
  // Page 2 comes by itself half a second after the overall rating.
  await dialog.getByRole("group", { name: "Video quality" }).waitFor();
  await dialog.locator("label").filter({ hasText: "5 stars" }).first().click();
  await dialog
    .getByRole("group", { name: "Audio quality" })
    .locator("label")
    .filter({ hasText: "3 stars" })
    .click();
  await dialog.getByRole("textbox", { name: "Anything else?" }).fill("Smooth show");
  expect(await axeViolations(host)).toEqual([]);
  const sent = host.waitForResponse((response) => response.url().endsWith("/api/host-feedback"));
  await dialog.getByRole("button", { name: "Share" }).click();
  expect((await sent).status()).toBe(201);
  expect((await sent).request().postDataJSON()).toMatchObject({
    feedback: { overall: 4, video_quality: 5, audio_quality: 3, general_feedback: "Smooth show" },
    event_id: created.event.id,
  });

  const thanks = host.getByRole("dialog", { name: "Thank you!" });
  await thanks.waitFor();
  expect(await axeViolations(host)).toEqual([]);
  await thanks.getByRole("button", { name: "Close" }).first().click();
  await thanks.waitFor({ state: "detached" });
});

test("the room remembers the sidebar's place per tab; the host disables clipping from the module settings", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request);
  await host.goto(`/c/${created.event.eventCode}`);
  await host.getByRole("button", { name: "Move sidebar below" }).click();
  await host.locator(".room__body--bottom").waitFor();
  await host.reload();
  await host.getByRole("button", { name: "Move sidebar right" }).waitFor();
  await host.locator(".room__body--bottom").waitFor();

  await host.getByText("Module settings").click();
  const clipping = host.getByRole("checkbox", { name: "Disable clipping" });
  const toggled = host.waitForResponse((response) =>
    response.url().endsWith("/api/video-session/toggle-clipping"),
  );
  await clipping.click();
  const answer = await toggled;
  expect([answer.status(), await answer.text()]).toEqual([200, '{"disableClipping":true}']);
  expect(await clipping.isChecked()).toBe(true);
  expect(await axeViolations(host)).toEqual([]);
  await host.reload();
  await host.getByText("Module settings").click();
  expect(await host.getByRole("checkbox", { name: "Disable clipping" }).isChecked()).toBe(true);
});

test("a name in the people list opens the profile popover: photo, name, role badge, bio or 'Bio empty'", async () => {
  const page = browser.page();
  await signUpVerified(page.request, browser.baseUrl, {
    email: `pp-${Date.now()}@example.test`,
    firstName: "Pat",
    lastName: "Popover",
  });
  const room = new RoomPage(page);
  await room.open("office-hours");
  await room.tab("People").click();
  const registered = room.section(/^Registered/);
  await registered.getByText("Dana Host", { exact: true }).click();
  const card = registered.locator(".profile-popover[open] .profile-popover__card");
  await card.getByText("Runs the Onstage demo channel.").waitFor();
  // The role badge: Dana hosts the event.
  expect(await card.locator(".badge").innerText()).toMatch(/^(Host|Owner)$/);
  expect(await axeViolations(page)).toEqual([]);
  await registered.getByText("Ada Lovelace", { exact: true }).click();
  await registered.locator(".profile-popover[open]").getByText("Bio empty").waitFor();
});
