import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { eventOfDemoHost } from "./support/dashboard";
import { signUpVerified } from "./support/verified-account";

// Issue 27 §1 "Must show": a small room watches the composed program over WebRTC (no HLS request);
// ?useHLS gives one guest HLS; the show-to-all flag, and an audience past the threshold, move the others
// to HLS while their picture keeps playing. The host's tab composes the program (nobody on stage: the
// brand slate) and sends it both ways: to ffmpeg for HLS and to the media room's viewer places. A
// server of its own takes three viewers over WebRTC (HLS_VIEWER_THRESHOLD, the operator's setting): the
// two guests and the host, who is in the room and not on its stage.
const THRESHOLD = 3;
let server: ServerProcess | undefined;
beforeAll(async () => {
  server = await ServerProcess.create({ DATABASE_URL: "", HLS_VIEWER_THRESHOLD: String(THRESHOLD) });
  await server.start();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});
const browser = useBrowser(() => {
  if (!server) throw new Error("no server");
  return server.url;
});

interface Guest {
  page: Page;
  context: BrowserContext;
  /** The HLS playlists this guest's page asked for. */
  playlists: string[];
}

async function guestOf(name: string): Promise<Guest> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  await signUpVerified(page.request, browser.baseUrl, {
    email: `delivery-${name.toLowerCase()}-${Date.now()}@example.test`,
    firstName: name,
    lastName: "Viewer",
  });
  const playlists: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".m3u8")) playlists.push(request.url());
  });
  return { page, context, playlists };
}

/**
 * The player on screen (a delivery switch keeps the next one under it, hidden, until it plays), found and
 * read in one task of the page: a locator's evaluate finds the element first and reads it in a later
 * call, by when a switch may have taken it out (a removed video reads paused, a torn-down one black).
 */
const pictureOf = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>(
      ".live-switch__slot:not(.live-switch__slot--next) video",
    );
    if (!video) throw new Error("no player on screen");
    return {
      width: video.videoWidth,
      height: video.videoHeight,
      time: video.currentTime,
      paused: video.paused,
      realtime: video.srcObject !== null,
    };
  });

/** The guest's picture comes over WebRTC (`realtime`) or HLS, and its time advances. */
async function playsOver(guest: Guest, realtime: boolean) {
  await expect
    .poll(
      async () => {
        const picture = await pictureOf(guest.page).catch(() => null);
        return picture?.realtime === realtime && picture.width > 0;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  const before = (await pictureOf(guest.page)).time;
  await expect
    .poll(async () => (await pictureOf(guest.page)).time, { timeout: 15_000, interval: 250 })
    .toBeGreaterThan(before + 0.5);
}

/** Until every guest plays over `realtime` (or not), the picture on screen never stops or goes black. */
async function switchesWithoutABreak(guests: Guest[], realtime: boolean) {
  const breaks: string[] = [];
  await expect
    .poll(
      async () => {
        const pictures = await Promise.all(guests.map((guest) => pictureOf(guest.page)));
        for (const [i, p] of pictures.entries())
          if (p.width === 0 || p.paused) breaks.push(`guest ${i}: ${JSON.stringify(p)}`);
        return pictures.every((p) => p.realtime === realtime);
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  expect(breaks, breaks.join("\n")).toEqual([]);
  for (const guest of guests) {
    await playsOver(guest, realtime);
    expect(await guest.page.locator(".video-player__error").count()).toBe(0);
  }
}

test("a small room watches over WebRTC; ?useHLS gives HLS; show-to-all and the threshold move the audience to HLS without a break", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const { event } = await eventOfDemoHost(host.request);
  const guests = await Promise.all(["Ada", "Bea", "Cy"].map(guestOf));
  const [ada, bea, cy] = guests as [Guest, Guest, Guest];
  try {
    const room = new RoomPage(host);
    await room.open(event.eventCode);
    await room.goLiveFromGreenroom();

    // Two guests and the host, at the threshold: the guests get the program in real time, no HLS at all.
    await Promise.all([ada, bea].map(({ page }) => page.goto(`/c/${event.eventCode}`)));
    await Promise.all([ada, bea].map((guest) => playsOver(guest, true)));
    const picture = await pictureOf(ada.page);
    expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1);
    expect([...ada.playlists, ...bea.playlists]).toEqual([]);
    expect(await axeViolations(ada.page)).toEqual([]);

    // The team's show-to-all flag: both move to HLS, and back once it is lifted, playing throughout.
    await room.tab("People").click();
    const showToAll = host.getByRole("checkbox", { name: "Show to all over HLS" });
    await showToAll.click();
    await expect.poll(() => showToAll.isChecked()).toBe(true);
    await switchesWithoutABreak([ada, bea], false);
    // Issue 27 §2: HLS is the server's LL-HLS, which hls.js reloads blocking on the next part.
    expect(ada.playlists.some((url) => /\/ll\.m3u8\?_HLS_msn=\d+&_HLS_part=\d+/.test(url))).toBe(true);
    await showToAll.click();
    await expect.poll(() => showToAll.isChecked()).toBe(false);
    await switchesWithoutABreak([ada, bea], true);

    // A third viewer (?useHLS: HLS whatever the room does) takes the audience past the threshold: the
    // room moves to HLS for everyone.
    await cy.page.goto(`/c/${event.eventCode}?useHLS`);
    await playsOver(cy, false);
    expect(cy.playlists.length).toBeGreaterThan(0);
    await switchesWithoutABreak([ada, bea], false);
  } finally {
    await Promise.all(guests.map(({ context }) => context.close()));
  }
}, 240_000);
