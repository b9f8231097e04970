import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 §2: the open stage. A hand raised and accepted, and an invite declined, are in journey.e2e.ts.
// The demo's 'office-hours' event is open and broadcasting.
const browser = useBrowser();
const EVENT = "office-hours";
let n = 0;

async function guestPage(firstName: string, lastName: string): Promise<Page> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  const email = `intents-${Date.now()}-${n++}@example.test`;
  await signUpVerified(page.request, browser.baseUrl, { email, firstName, lastName });
  const room = new RoomPage(page);
  await room.open(EVENT);
  await room.tab("People").click();
  return page;
}

test("the open stage: a guest keeps watching until they choose to join, and may go back", async () => {
  const hostPage = browser.page();
  await signInBrowser(hostPage.request, DEMO_HOST);
  const host = new RoomPage(hostPage);
  await host.open(EVENT);
  await host.tab("People").click();
  const cara = await guestPage("Cara", "Open");
  const openStage = hostPage.getByRole("checkbox", { name: "Open stage" });
  // The box shows the session's setting: it changes once the server answered.
  const setOpenStage = async (on: boolean) => {
    await openStage.click();
    await expect.poll(() => openStage.isChecked()).toBe(on);
  };
  try {
    await setOpenStage(true);
    const bar = cara.getByRole("region", { name: "Open stage" });
    const join = bar.getByRole("button", { name: "Join the stage" });
    await join.waitFor();
    // Opening the stage does not put anyone's camera on: the device preview waits for the choice.
    expect(await cara.getByLabel("Camera", { exact: true }).count()).toBe(0);
    await join.click();
    await cara.getByLabel("Camera", { exact: true }).waitFor();
    expect(await axeViolations(cara)).toEqual([]);
    await bar.getByRole("button", { name: "Back to watching" }).click();
    await cara.getByLabel("Camera", { exact: true }).waitFor({ state: "detached" });
    await setOpenStage(false);
    await bar.waitFor({ state: "detached" });
  } finally {
    if (await openStage.isChecked()) await setOpenStage(false);
    await cara.context().close();
  }
}, 60_000);
