import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { RoomPage } from "./pages/room";
import { joinStage, seesVideoOf } from "./pages/stage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 "Must show": a hand raised and accepted (that guest then appears on the stage with video), and
// an invite declined. The demo's 'office-hours' event is open and broadcasting.
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

/** The host's stage actions for a person, in one section of the people panel. */
async function stageAction(page: Page, section: RegExp, person: string, face: string, action: string) {
  const row = new RoomPage(page).section(section).getByRole("listitem").filter({ hasText: person });
  await row.getByRole("button", { name: `${face} ${person}` }).click();
  await row.getByRole("button", { name: action, exact: true }).click();
}

test("a raised hand is accepted and the guest appears on the stage with video; another guest declines an invite", async () => {
  const hostPage = browser.page();
  await signInBrowser(hostPage.request, DEMO_HOST);
  await joinStage(hostPage, `/c/${EVENT}`);
  const host = new RoomPage(hostPage);
  await host.tab("People").click();
  const ann = await guestPage("Ann", "Hand");
  const bob = await guestPage("Bob", "Invitee");
  try {
    // Ann raises her hand; the host is told and accepts it To Main Stage.
    await ann.getByRole("button", { name: "Raise hand" }).click();
    await ann.getByRole("button", { name: "Lower hand" }).waitFor();
    await hostPage.getByText("Someone has raised their hand").waitFor();
    await host
      .section(/^Hands raised/)
      .locator(".person__name", { hasText: "Ann Hand" })
      .waitFor();
    expect(await axeViolations(hostPage)).toEqual([]);
    await stageAction(hostPage, /^Hands raised/, "Ann Hand", "Hand raised", "To Main Stage");
    await host
      .section(/^Invited to the stage/)
      .locator(".person__name", { hasText: "Ann Hand" })
      .waitFor();

    // Her Accept opens the device preview; she joins and the host sees her camera.
    const invitation = ann.getByRole("dialog", { name: "You are invited to the stage" });
    await invitation.getByRole("button", { name: "Accept" }).click();
    await invitation.waitFor({ state: "detached" });
    const join = ann.getByRole("button", { name: "Join stage" });
    await ann.getByLabel("Camera", { exact: true }).waitFor();
    await expect.poll(() => join.isEnabled(), { timeout: 10_000 }).toBe(true);
    await join.click();
    await seesVideoOf(hostPage, "Ann Hand");
    await host
      .section(/^On Stage/)
      .locator(".person__name", { hasText: "Ann Hand" })
      .waitFor();

    // Bob is invited To Gallery and says 'No, thanks'.
    await host
      .section(/^Live Audience/)
      .locator(".person__name", { hasText: "Bob Invitee" })
      .waitFor();
    await bob.getByRole("button", { name: "Raise hand" }).waitFor();
    const bobId = await bob.evaluate(async () => {
      const me = (await (await fetch("/api/me")).json()) as { user: { id: number } };
      return me.user.id;
    });
    const { csrfToken } = (await (await hostPage.request.get("/api/auth/csrf")).json()) as {
      csrfToken: string;
    };
    const room = (await (await hostPage.request.get("/api/events/by-code/office-hours")).json()) as {
      event: { id: number };
      sessions: { id: number }[];
    };
    const invited = await hostPage.request.post("/api/video-session/intents/invite", {
      headers: { "x-csrf-token": csrfToken },
      data: {
        video_session_id: room.sessions[0]?.id,
        event_id: room.event.id,
        user_id: bobId,
        tile_state: "side",
      },
    });
    expect(invited.status()).toBe(200);
    await host
      .section(/^Invited to the stage/)
      .locator(".person__name", { hasText: "Bob Invitee" })
      .waitFor();
    const bobInvite = bob.getByRole("dialog", { name: "You are invited to the stage" });
    expect(await axeViolations(bob)).toEqual([]);
    await bobInvite.getByRole("button", { name: "No, thanks" }).click();
    await bobInvite.waitFor({ state: "detached" });
    await host
      .section(/^Invited to the stage/)
      .locator(".person__name", { hasText: "Bob Invitee" })
      .waitFor({ state: "detached" });
    expect(await bob.getByRole("button", { name: "Join stage" }).count()).toBe(0);

    // Uninvite takes Ann off the stage at once.
    await stageAction(hostPage, /^On Stage/, "Ann Hand", "Invited", "Uninvite");
    await hostPage
      .locator("figure.stage-tile")
      .filter({ hasText: "Ann Hand" })
      .waitFor({ state: "detached" });
    expect(await axeViolations(hostPage)).toEqual([]);
  } finally {
    await ann.context().close();
    await bob.context().close();
  }
}, 120_000);

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
