import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { PeoplePanelPage } from "./pages/moderation";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 item 7: a channel ban from the people panel. Banning a live guest out of the room and the owner's
// unban under /settings?tab=advanced are in journey.e2e.ts.
const browser = useBrowser();

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
