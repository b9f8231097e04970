import { SessionAnalytics as SessionAnalyticsSchema } from "@onstage/domain";
import type { BrowserContext, Page, Route } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { AnalyticsTab } from "./pages/AnalyticsTab";
import { EventPage } from "./pages/EventPage";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { eventOfDemoHost } from "./support/dashboard";
import { registerLabel } from "./support/labels";
import { endBroadcast } from "./support/live-room";
import { signUpVerified } from "./support/verified-account";

// Issue 28 "Must show": a guest from a utm link watches the live session over HLS and another over
// WebRTC (a signed-in member of the room takes a viewer place in the media room); the team's analytics
// show both views with a startup time, the HLS view's rebuffering while the test holds its media
// back until it stalls, both people in the attendance, and the utm registration under its source.
// The host's tab composes the program (one composited feed) for both deliveries; the test ends the
// broadcast, so the shared server's program feed does not run on for the tests after it.
const browser = useBrowser();

interface Viewer {
  page: Page;
  context: BrowserContext;
}

async function viewerOf(firstName: string): Promise<Viewer> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  await signUpVerified(page.request, browser.baseUrl, {
    email: `quality-${firstName.toLowerCase()}-${Date.now()}@example.test`,
    firstName,
    lastName: "Viewer",
  });
  return { page, context };
}

/** The player on screen: over WebRTC (`realtime`) or HLS, its picture's size and time. */
const pictureOf = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>(
      ".live-switch__slot:not(.live-switch__slot--next) video",
    );
    return video
      ? { width: video.videoWidth, time: video.currentTime, realtime: video.srcObject !== null }
      : null;
  });

async function playsOver(page: Page, realtime: boolean) {
  await expect
    .poll(
      async () => {
        const picture = await pictureOf(page);
        return picture?.realtime === realtime && picture.width > 0 && picture.time > 0;
      },
      { timeout: 45_000, interval: 250 },
    )
    .toBe(true);
}

/** Registers from the event page (its query string: the link's source), then waits for the live room. */
async function registersAndWatches(viewer: Viewer, eventCode: string, query: string) {
  const page = new EventPage(viewer.page);
  await viewer.page.goto(`/c/${eventCode}${query}`);
  await page.registerButton(registerLabel({})).click();
}

test("the team sees an HLS and a WebRTC view with their startup, a held-back segment as rebuffering, both attendees and the utm source", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const { event, sessions } = await eventOfDemoHost(host.request, { access: "registration_required" });
  const sessionId = sessions[0]?.id ?? 0;
  const [hla, rita] = await Promise.all([viewerOf("Hla"), viewerOf("Rita")]);
  try {
    const room = new RoomPage(host);
    await room.open(event.eventCode);
    await room.goLiveFromGreenroom();

    // Hla comes from the newsletter's link and watches over HLS; Rita comes straight and watches in real time.
    await registersAndWatches(
      hla,
      event.eventCode,
      "?utm_source=newsletter&utm_medium=email&utm_campaign=spring&useHLS",
    );
    await registersAndWatches(rita, event.eventCode, "");
    await Promise.all([playsOver(hla.page, false), playsOver(rita.page, true)]);

    // The test holds Hla's media back until the picture stalls, a second longer, then lets it play on.
    await hla.page.evaluate(() => {
      const marks = window as unknown as { stalls: number };
      marks.stalls = 0;
      // Media events do not bubble; a capturing listener on the document hears every player's.
      document.addEventListener("waiting", () => (marks.stalls += 1), true);
    });
    let held = true;
    await hla.page.route(/\.(m4s|ts|mp4)(\?|$)/, async (route: Route) => {
      while (held) await new Promise((resolve) => setTimeout(resolve, 100));
      await route.continue();
    });
    await expect
      .poll(() => hla.page.evaluate(() => (window as unknown as { stalls: number }).stalls), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await hla.page.waitForTimeout(1_000);
    held = false;
    await playsOver(hla.page, false);

    // The players' beacons and the room's presence reach the server within a base interval.
    const analytics = async () =>
      SessionAnalyticsSchema.parse(
        await (await host.request.get(`/api/dash/sessions/${sessionId}/analytics`)).json(),
      );
    await expect
      .poll(
        async () => {
          const { quality, attendance } = await analytics();
          const started = (delivery: string) =>
            quality.recentViews.some((v) => v.delivery === delivery && v.startupMs !== null);
          return {
            hlsStarted: started("hls"),
            webrtcStarted: started("webrtc"),
            hlsStalled: quality.recentViews.some((v) => v.delivery === "hls" && v.rebufferCount > 0),
            attendees: attendance.attendees.length,
          };
        },
        { timeout: 40_000, interval: 1_000 },
      )
      .toEqual({ hlsStarted: true, webrtcStarted: true, hlsStalled: true, attendees: 2 });

    // The team's view of it: the quality table, the attendance, and where the registrations came from.
    const tab = new AnalyticsTab(host);
    await tab.open(event.id);
    // Viewer, Delivery, Started, Startup, Watched, Rebuffers, Rendition, Failed, Exited before start.
    const views = await tab.rows(tab.qualityViewsTable());
    const rowOf = (name: string) => views.find((row) => row[0] === name) ?? [];
    const [, hlsDelivery, , hlsStartup, , hlsRebuffers] = rowOf("Hla Viewer");
    expect([hlsDelivery, hlsStartup, hlsRebuffers]).toEqual([
      "HLS",
      expect.stringMatching(/^\d+(\.\d+)? s$/),
      expect.stringMatching(/^[1-9]\d* \(\d+ s\)$/),
    ]);
    const [, rtcDelivery, , rtcStartup] = rowOf("Rita Viewer");
    expect([rtcDelivery, rtcStartup]).toEqual(["WebRTC", expect.stringMatching(/^\d+(\.\d+)? s$/)]);
    expect(views).toHaveLength(2);
    const attendees = (await tab.rows(tab.attendeesTable())).map((row) => row[0]);
    expect(attendees.sort()).toEqual(["Hla Viewer", "Rita Viewer"]);
    expect(await tab.summary("Attendance").textContent()).toMatch(/^2 people attended/);
    const sources = (await tab.rows(tab.sourcesTable())).map((row) => row.join(" | "));
    expect(sources.some((row) => row.includes("newsletter") && row.includes("spring"))).toBe(true);
    expect(await axeViolations(host)).toEqual([]);
  } finally {
    await Promise.all([hla.context.close(), rita.context.close()]);
    await endBroadcast(host.request, event.id, sessionId);
  }
}, 240_000);
