import { REALTIME_BAN_EVICTION_MS } from "@onstage/domain";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { AdvancedSettingsPage, PeoplePanelPage } from "./pages/moderation";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 item 7: a host bans a live guest from the people panel; the channel owner unbans under
// /settings?tab=advanced. The demo's 'office-hours' event is open and broadcasting; Dana Host owns the channel.
const browser = useBrowser();
const EVENT = "office-hours";

/** A new verified guest signed up in `page`'s browser and registered for the event; returns their name. */
async function registeredGuest(page: Page, eventCode: string) {
  const lastName = `Banned${Date.now()}`;
  await signUpVerified(page.request, browser.baseUrl, {
    email: `ban-${Date.now()}@example.test`,
    firstName: "Gus",
    lastName,
  });
  const { event } = (await (await page.request.get(`/api/events/by-code/${eventCode}`)).json()) as {
    event: { id: number };
  };
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const registered = await page.request.post("/api/events/register", {
    headers: { "x-csrf-token": csrfToken },
    data: { event_id: event.id },
  });
  expect(registered.ok()).toBe(true);
  return { lastName, name: `Gus ${lastName}` };
}

test("a host bans a live guest from the people panel, the guest's room goes within a second, the owner unbans", async () => {
  const hostPage = browser.page();
  const context = await hostPage.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  try {
    const guestPage = await context.newPage();
    // The guest registers, so the Registered list shows them to the host.
    const { lastName, name: guestName } = await registeredGuest(guestPage, EVENT);
    const guestRoom = new RoomPage(guestPage);
    await guestRoom.open(EVENT);
    await guestRoom.chatLog().waitFor();

    await signInBrowser(hostPage.request, DEMO_HOST);
    const hostRoom = new RoomPage(hostPage);
    await hostRoom.open(EVENT);
    await hostRoom.tab("People").click();
    const people = new PeoplePanelPage(hostPage);
    await people.search(lastName);
    await people.manage(guestName).click();
    await people.dialog(guestName).getByRole("button", { name: "Ban Attendee" }).click();
    const options = people.dialog("Banning Options");
    await options.waitFor();
    expect(await axeViolations(hostPage)).toEqual([]);
    await options.getByRole("radio", { name: "Ban and remove" }).check();
    await options.getByRole("button", { name: "Next" }).click();
    const confirm = people.dialog("Confirm Ban");
    await confirm.waitFor();
    expect(await axeViolations(hostPage)).toEqual([]);

    const banned = hostPage.waitForResponse((r) => r.url().endsWith("/api/event/ban") && r.status() === 201);
    await confirm.getByRole("button", { name: "Confirm Ban" }).click();
    await banned;
    const bannedAt = Date.now();
    await guestRoom.chatLog().waitFor({ state: "detached", timeout: REALTIME_BAN_EVICTION_MS });
    expect(Date.now() - bannedAt).toBeLessThan(REALTIME_BAN_EVICTION_MS);
    await people.dialog("User banned").getByRole("button", { name: "Done" }).click();
    await people.row(guestName).getByText("Banned", { exact: true }).waitFor();

    const settings = new AdvancedSettingsPage(hostPage);
    await settings.open();
    const row = settings.bannedRow(guestName);
    await row.getByText(/Banned in Open Office Hours by Dana Host/).waitFor();
    await settings
      .log()
      .getByText(`Dana Host banned and removed ${guestName} in Open Office Hours`)
      .waitFor();
    expect(await axeViolations(hostPage)).toEqual([]);
    await row.getByRole("button", { name: `Unban ${guestName}` }).click();
    await row.waitFor({ state: "detached" });
    await settings.log().getByText(`Dana Host unbanned ${guestName} in Open Office Hours`).waitFor();

    // Unbanned, the guest is back in the room.
    await guestRoom.open(EVENT);
    await guestRoom.chatLog().waitFor();
  } finally {
    await context.close();
  }
});

test("a channel ban from a registration-required event asks to confirm the loss of access first; unban and a role change from the row", async () => {
  const hostPage = browser.page();
  const context = await hostPage.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  try {
    const guest = await registeredGuest(await context.newPage(), "summit");
    await signInBrowser(hostPage.request, DEMO_HOST);
    const { sessions } = (await (await hostPage.request.get("/api/events/by-code/summit")).json()) as {
      sessions: { title: string; urlHash: string }[];
    };
    const workshop = sessions.find((s) => s.title === "Live production workshop");
    if (!workshop) throw new Error("no workshop session in the demo");
    const room = new RoomPage(hostPage);
    await hostPage.goto(`/c/summit/${workshop.urlHash}`);
    await room.tab("People").click();
    const people = new PeoplePanelPage(hostPage);
    await people.search(guest.lastName);
    await people.manage(guest.name).click();
    await people.dialog(guest.name).getByRole("button", { name: "Ban Attendee" }).click();
    const options = people.dialog("Banning Options");
    await options.getByRole("radio", { name: "Ban from channel" }).check();
    await options.getByRole("button", { name: "Next" }).click();
    const confirm = people.dialog("Ban from Channel");
    const understood = confirm.getByRole("checkbox", {
      name: "I understand this action will remove their access to free or purchased content.",
    });
    await understood.waitFor();
    expect(await confirm.getByRole("button", { name: "Confirm Ban" }).isDisabled()).toBe(true);
    expect(await axeViolations(hostPage)).toEqual([]);
    await understood.check();
    await confirm.getByRole("button", { name: "Confirm Ban" }).click();
    await people.dialog("User banned").getByRole("button", { name: "Done" }).click();
    await people.row(guest.name).getByText("Banned", { exact: true }).waitFor();
    // The row's menu now offers Unban User instead of Ban Attendee.
    await people.manage(guest.name).click();
    await people.dialog(guest.name).getByRole("button", { name: "Unban User" }).click();
    await people.dialog(guest.name).getByRole("button", { name: "Ban Attendee" }).waitFor();

    // The Role menu: Save only once the pick differs from the current role.
    const menu = people.dialog(guest.name);
    const save = menu.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await menu.getByLabel("Role").selectOption("moderator");
    const saved = hostPage.waitForResponse((r) => r.url().endsWith("/api/event/update-role"));
    await save.click();
    expect((await saved).status()).toBe(200);
    await people.row(guest.name).getByText("MOD", { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);
  } finally {
    await context.close();
  }
});
