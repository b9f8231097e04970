import type { Page } from "playwright-core";
import { expect } from "vitest";

// The stage of a session for the people who may go on it (issue 11 §2): device preview, then tiles.

/** Opens the session, waits for the device preview's camera and joins the stage. */
export async function joinStage(page: Page, path: string) {
  await page.goto(path);
  await joinFromPreview(page);
}

/** From the device preview on screen: waits for the camera and joins the stage. */
export async function joinFromPreview(page: Page) {
  const join = page.getByRole("button", { name: "Join stage" });
  await join.waitFor();
  await page.getByLabel("Camera", { exact: true }).waitFor();
  await expect.poll(() => join.isEnabled(), { timeout: 10_000 }).toBe(true);
  await join.click();
  await page.getByRole("toolbar", { name: "Stage controls" }).waitFor();
}

/** The remote tile's video has decoded frames (videoWidth > 0). */
export async function seesVideoOf(page: Page, name: string) {
  const video = page
    .locator("figure.stage-tile:not([data-local])")
    .filter({ hasText: name })
    .locator("video");
  await video.waitFor({ timeout: 15_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000, interval: 250 })
    .toBeGreaterThan(0);
}
