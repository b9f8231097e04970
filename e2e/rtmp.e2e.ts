import { type ChildProcess, spawn } from "node:child_process";
import type { BrowserContext, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { RtmpSetupPanel } from "./pages/rtmp";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders, eventOfDemoHost } from "./support/dashboard";
import { signUpVerified } from "./support/verified-account";

// Issue 13 §2: an RTMP-native session from the host's encoder to the audience's player. Needs the server's
// /api/mux/livestream routes and RTMP ingest (branch rtmp); an ffmpeg test encoder stands in for OBS.
const browser = useBrowser();

async function newContext(): Promise<BrowserContext> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  return context;
}

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const sessionState = (page: Page, text: string) =>
  page.locator(".session-controls__state").getByText(text, { exact: true });

/** A test encoder as MEDIA-NOTES says (yuv420p, a keyframe a second), pushing until killed. */
function pushTestStream(publishUrl: string): ChildProcess {
  return spawn(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-re"],
      ...["-f", "lavfi", "-i", "testsrc=size=640x360:rate=30", "-f", "lavfi", "-i", "sine"],
      ...["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac"],
      ...["-f", "flv", publishUrl],
    ],
    { stdio: "ignore" },
  );
}

/** The decoded picture has frames (videoWidth > 0). */
async function playsVideo(page: Page, label: string) {
  const video = page.getByLabel(label, { exact: true });
  await video.waitFor({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000, interval: 250 })
    .toBeGreaterThan(0);
}

test("the host streams from an encoder; the audience watches it with no camera stage", async () => {
  const host = browser.page();
  const guestContext = await newContext();
  let encoder: ChildProcess | null = null;
  try {
    await signInBrowser(host.request, DEMO_HOST);
    const created = await eventOfDemoHost(host.request);
    const patched = await host.request.patch(`/api/dash/sessions/${created.sessions[0]?.id}`, {
      headers: await csrfHeaders(host.request),
      data: { broadcastType: "rtmp-native" },
    });
    expect(patched.ok()).toBe(true);
    const code = created.event.eventCode;
    const guest = await guestContext.newPage();
    await signUpVerified(guest.request, browser.baseUrl, {
      email: `rtmp-${Date.now()}@example.test`,
      firstName: "Gus",
      lastName: "Guest",
    });

    // Spec 2 §6: the setup is the owner's; the key is hidden until shown, each value copyable.
    await host.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await host.goto(`/c/${code}`);
    const setup = new RtmpSetupPanel(host);
    await setup.serverAddress().waitFor();
    expect(await setup.streamKey().getAttribute("type")).toBe("password");
    await setup.button("Show stream key").click();
    expect(await setup.streamKey().getAttribute("type")).toBe("text");
    await setup.button("Copy stream key").click();
    await setup.button("Copied stream key").waitFor();
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(
      await setup.streamKey().inputValue(),
    );
    await setup.button("Copy stream key").waitFor();
    expect(await axeViolations(host)).toEqual([]);

    // 'Rotate key' asks first, since the encoder must be given the new key.
    const oldKey = await setup.streamKey().inputValue();
    await setup.button("Rotate key").click();
    const rotate = host.getByRole("dialog", { name: "Rotate stream key" });
    expect(await axeViolations(host)).toEqual([]);
    await rotate.getByRole("button", { name: "Rotate key" }).click();
    await expect.poll(() => setup.streamKey().inputValue()).not.toBe(oldKey);

    await guest.goto(`/c/${code}`);
    await sessionState(guest, "Scheduled").waitFor();
    expect(await guest.getByRole("region", { name: "RTMP setup" }).count()).toBe(0);

    await button(host, "Enter greenroom").click();
    await setup.waiting().waitFor();
    expect(await setup.waiting().innerText()).toContain(await setup.serverAddress().inputValue());
    // Spec 1 §4: no camera stage, for the host either.
    expect(await button(host, "Join stage").count()).toBe(0);
    await sessionState(guest, "In the greenroom").waitFor();
    expect(await button(guest, "Raise hand").count()).toBe(0);

    encoder = pushTestStream(await setup.publishUrl());
    await playsVideo(host, "Your encoder's stream");
    expect(await axeViolations(host)).toEqual([]);

    const playlists: string[] = [];
    guest.on("request", (request) => {
      if (request.url().includes(".m3u8"))
        playlists.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await button(host, "Go live").click();
    await host.getByRole("dialog", { name: "Go live" }).getByRole("button", { name: "Go live only" }).click();
    await sessionState(guest, "Live").waitFor();
    await playsVideo(guest, "Live video");
    // Issue 27 §2: the audience plays the stream's LL-HLS master, and hls.js reloads its rendition's
    // playlist blocking on the next part.
    expect(playlists[0]).toMatch(/\/streams\/\d+\/ll-master\.m3u8$/);
    await expect
      .poll(() => playlists.some((url) => /\/ll\.m3u8\?_HLS_msn=\d+&_HLS_part=\d+/.test(url)))
      .toBe(true);
    expect(await axeViolations(guest)).toEqual([]);

    // Spec 2 §4: RTMP-native end sets the session to ended, in one step.
    expect(await button(host, "End live").count()).toBe(0);
    await button(host, "End broadcast").click();
    await sessionState(guest, "Ended").waitFor();
    await guest.getByText("This session has ended. Thank you for joining.").waitFor();
  } finally {
    encoder?.kill("SIGKILL");
    await guestContext.close();
  }
}, 180_000);
