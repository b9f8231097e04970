import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { AuthLinkPage } from "./pages/AuthLinkPage";
import { EventEditorPage } from "./pages/EventEditorPage";
import { MyEventsPage } from "./pages/MyEventsPage";
import { signInBrowser } from "./support/api";
import { useBrowser } from "./support/browser";
import { type CreatedEvent, eventOfDemoHost } from "./support/dashboard";
import { moveSession, post } from "./support/live-room";
import { linkFromMailbox } from "./support/mailbox";

// Issue 23 §3.3 and §3.4: a host invites a speaker from the event editor and the speaker finds their
// greenroom through My events; the editor takes a host into each session's room and RTMP setup, and its
// 'View event page' never puts the host on a live stage.

const browser = useBrowser();
const DEMO_HOST = { email: "host@onstage.test", password: "onstage-demo" };

/** A multi-session event of the demo channel: 'Opening keynote' first, then `second`. */
async function twoSessionEvent(page: Page, second: { title: string; broadcastType: string }) {
  await signInBrowser(page.request, DEMO_HOST);
  const created: CreatedEvent = await eventOfDemoHost(page.request, {
    multiSession: true,
    firstSessionTitle: "Opening keynote",
  });
  await post(page.request, `/api/dash/events/${created.event.id}/sessions`, {
    ...second,
    timeScheduled: "2031-01-02T10:00:00.000Z",
    durationMinutes: 60,
  });
  const main = created.sessions[0];
  if (!main) throw new Error("no session");
  return { ...created, main, moveMain: { id: created.event.id, mainId: main.id, eventCode: "", title: "" } };
}

test("a host invites a speaker by e-mail; the speaker accepts and reaches the greenroom from My events", async () => {
  const page = browser.page();
  const event = await twoSessionEvent(page, { title: "Panel", broadcastType: "webrtc" });
  const me = (await (await page.request.get("/api/me")).json()) as {
    user: { firstName: string; lastName: string };
  };
  const speakerEmail = `speaker-${Date.now()}@example.test`;

  const editor = new EventEditorPage(page);
  await editor.open(event.event.id, "speakers");
  await editor.speakerEmailField().fill(speakerEmail);
  await editor.speakerSessionCheckbox("Opening keynote").check();
  await editor.inviteSpeakerButton().click();
  await editor.message(`Invitation sent to ${speakerEmail}`).waitFor();
  await editor.speakerRow(speakerEmail).getByText("Invited to Opening keynote").waitFor();

  // The speaker opens the mailed link in a browser of their own.
  const speakerContext = await page.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!speakerContext) throw new Error("no second context");
  const speaker = await speakerContext.newPage();
  const inviter = `${me.user.firstName} ${me.user.lastName}`.trim();
  const eventTitle = (
    (await (await page.request.get(`/api/events/by-code/${event.event.eventCode}`)).json()) as {
      event: { title: string };
    }
  ).event.title;
  const link = await linkFromMailbox(
    browser.baseUrl,
    speakerEmail,
    `${inviter} invited you to speak at ${eventTitle} on Onstage`,
  );
  await speaker.goto(link);
  const linkPage = new AuthLinkPage(speaker);
  await linkPage.firstNameField().fill("Sasha");
  await linkPage.lastNameField().fill("Speaker");
  await linkPage.continueButton().click();

  const myEvents = new MyEventsPage(speaker);
  await speaker.waitForURL("**/my-events");
  await myEvents.section("Speaking").getByRole("heading", { name: eventTitle }).waitFor();
  // Only the session they were invited to.
  expect(
    await myEvents
      .section("Speaking")
      .getByRole("link", { name: /Go to the greenroom/ })
      .count(),
  ).toBe(1);

  await moveSession(page.request, event.moveMain, ["greenroom"]);
  await myEvents.greenroomLink("Opening keynote").click();
  // An account made by the invitation has not taken the terms yet: the room asks first (spec 1 §2).
  const terms = speaker.getByRole("dialog", { name: "Terms of Service" });
  await terms.getByRole("checkbox", { name: "I agree to the Terms of Service and Privacy Policy" }).check();
  await terms.getByRole("button", { name: "Accept" }).click();
  await speaker.getByRole("heading", { name: "Greenroom" }).waitFor();
  await speakerContext.close();
});

test("the editor leads a host into each session's room and RTMP setup, never onto a live stage; the room's tabs fit at 1366 px", async () => {
  const page = browser.page();
  await page.setViewportSize({ width: 1366, height: 768 });
  const event = await twoSessionEvent(page, { title: "Encoder feed", broadcastType: "rtmp" });
  const notFound: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404 && response.url().includes("/api/")) notFound.push(response.url());
  });

  const editor = new EventEditorPage(page);
  await editor.open(event.event.id, "sessions");
  expect(await editor.openRoomLink("Opening keynote").getAttribute("href")).toBe(
    `/c/${event.event.eventCode}/${event.main.urlHash}`,
  );
  // The RTMP setup is there before the greenroom, and its first read is not a 404.
  await editor.rtmpSetupButton("Encoder feed").click();
  const address = editor.dialog().getByLabel("Server address");
  await address.waitFor();
  expect(await address.inputValue()).toMatch(/^rtmp:\/\//);
  expect(await editor.dialog().getByLabel("Stream key").inputValue()).toMatch(/^[\w-]{20,}$/);
  expect(notFound).toEqual([]);
  await page.keyboard.press("Escape");

  // While a session is in its greenroom, 'View event page' shows the page, not the stage's camera.
  await page.addInitScript(() => {
    const media = navigator.mediaDevices;
    const open = media.getUserMedia.bind(media);
    (window as unknown as { cameraAsks: number }).cameraAsks = 0;
    media.getUserMedia = (constraints) => {
      (window as unknown as { cameraAsks: number }).cameraAsks += 1;
      return open(constraints);
    };
  });
  await moveSession(page.request, event.moveMain, ["greenroom"]);
  await editor.open(event.event.id, "sessions");
  await editor.viewEventPageLink().click();
  const tabs = page.getByRole("tablist", { name: "Room" });
  await tabs.waitFor();
  await page.getByText("The session starts soon").first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { cameraAsks: number }).cameraAsks)).toBe(0);

  // Every sidebar tab shows whole inside the sidebar at 1366 x 768.
  const list = await tabs.boundingBox();
  if (!list) throw new Error("no tab list");
  const fits = await tabs.getByRole("tab").evaluateAll(
    (elements, box) =>
      elements.map((tab) => {
        const r = tab.getBoundingClientRect();
        const isInside = r.left >= box.x - 0.5 && r.right <= box.x + box.width + 0.5;
        return { tab: tab.textContent, fits: isInside && tab.scrollWidth <= tab.clientWidth };
      }),
    list,
  );
  expect(fits.length).toBeGreaterThan(3);
  expect(fits.filter((t) => !t.fits)).toEqual([]);
});
