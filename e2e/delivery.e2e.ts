import type { BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { eventOfDemoHost } from "./support/dashboard";
import { signUpVerified } from "./support/verified-account";

// Issue 27 §1 "Must show": a small room watches the composed program over WebRTC (no HLS request);
// ?useHLS gives one guest HLS; the show-to-all flag moves the others to HLS while their picture keeps
// playing. The host's tab composes the program (nobody on stage: the brand slate) and sends it both
// ways: to ffmpeg for HLS and to the media room for the viewer places.
const browser = useBrowser();

async function guestOf(name: string): Promise<{ page: Page; context: BrowserContext; playlists: string[] }> {
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

/** The player on screen (a delivery switch keeps the next one under it, hidden, until it plays). */
const onScreen = (page: Page) => page.locator(".live-switch__slot:not(.live-switch__slot--next) video");

const pictureOf = (page: Page) =>
  onScreen(page).evaluate((video: HTMLVideoElement) => ({
    width: video.videoWidth,
    height: video.videoHeight,
    time: video.currentTime,
    paused: video.paused,
    realtime: video.srcObject !== null,
  }));

async function playsOver(page: Page, realtime: boolean) {
  await expect
    .poll(
      async () =>
        (await pictureOf(page).catch(() => null))?.realtime === realtime && (await pictureOf(page)).width > 0,
      {
        timeout: 30_000,
        interval: 250,
      },
    )
    .toBe(true);
  const before = (await pictureOf(page)).time;
  await expect
    .poll(async () => (await pictureOf(page)).time, { timeout: 15_000, interval: 250 })
    .toBeGreaterThan(before + 0.5);
}

test("a small room watches over WebRTC; ?useHLS gives HLS; show-to-all moves everyone to HLS without a break", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const { event } = await eventOfDemoHost(host.request);
  const ada = await guestOf("Ada");
  const bea = await guestOf("Bea");
  try {
    const room = new RoomPage(host);
    await room.open(event.eventCode);
    await host.getByRole("button", { name: "Enter greenroom", exact: true }).click();
    await host.getByRole("button", { name: "Go live", exact: true }).click();
    await host.getByRole("dialog", { name: "Go live" }).getByRole("button", { name: "Go live only" }).click();
    await host.getByText("You're live!").waitFor({ timeout: 45_000 });

    // Two guests: the room is far under the threshold, so both get the program in real time.
    await Promise.all([ada, bea].map(({ page }) => page.goto(`/c/${event.eventCode}`)));
    await Promise.all([ada, bea].map(({ page }) => playsOver(page, true)));
    const picture = await pictureOf(ada.page);
    expect(picture.width / picture.height).toBeCloseTo(16 / 9, 1);
    expect([...ada.playlists, ...bea.playlists]).toEqual([]);
    expect(await axeViolations(ada.page)).toEqual([]);

    // ?useHLS: this guest's player is HLS, the other's still real time.
    await bea.page.goto(`/c/${event.eventCode}?useHLS`);
    await playsOver(bea.page, false);
    expect(bea.playlists.length).toBeGreaterThan(0);

    // The team's show-to-all flag: Ada's picture moves to HLS and plays on throughout.
    await room.tab("People").click();
    const showToAll = host.getByRole("checkbox", { name: "Show to all over HLS" });
    await showToAll.click();
    await expect.poll(() => showToAll.isChecked()).toBe(true);
    const samples: { width: number; paused: boolean; realtime: boolean }[] = [];
    await expect
      .poll(
        async () => {
          const now = await pictureOf(ada.page);
          samples.push(now);
          return now.realtime;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(false);
    expect(samples.filter((s) => s.width === 0 || s.paused)).toEqual([]);
    await playsOver(ada.page, false);
    // No error screen on the way.
    expect(await ada.page.locator(".video-player__error").count()).toBe(0);
    expect(ada.playlists.length).toBeGreaterThan(0);
  } finally {
    await Promise.all([ada, bea].map(({ context }) => context.close()));
  }
}, 180_000);
