import type { Browser, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { PollsPanel } from "./pages/polls";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 §4: the poll form and the host's poll actions. Voting, switching and the results seen live are
// in journey.e2e.ts. The demo's 'office-hours' event is open and broadcasting.
const browser = useBrowser();
const EVENT = "office-hours";
let n = 0;
const freshEmail = () => `poll-${Date.now()}-${n++}@example.test`;

/** A new verified guest, signed up in this page's browser. */
const signUpGuest = (page: Page, firstName: string) =>
  signUpVerified(page.request, browser.baseUrl, { email: freshEmail(), firstName, lastName: "Voter" });

async function newPage() {
  const context = await (browser.page().context().browser() as Browser).newContext({
    baseURL: browser.baseUrl,
  });
  return { context, page: await context.newPage() };
}

test("the poll form follows spec 2 §5 by keyboard; edit, hide, show and delete reach a guest live", async () => {
  const host = browser.page();
  const guest = await newPage();
  try {
    await signInBrowser(host.request, DEMO_HOST);
    await signUpGuest(guest.page, "Gia");
    const [hostPolls, guestPolls] = [new PollsPanel(host), new PollsPanel(guest.page)];
    for (const page of [host, guest.page]) await new RoomPage(page).open(EVENT);
    await hostPolls.open();
    await guestPolls.open();

    await host.getByRole("button", { name: "Create poll" }).click();
    const dialog = hostPolls.dialog("Create poll");
    const submit = dialog.getByRole("button", { name: "Create poll" });
    const question = `Which day? ${Date.now()}`;
    // The question field has the focus; everything below is typed.
    await host.keyboard.type(question);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "Option 1" }).fill("Monday");
    await dialog.getByText("Please enter at least 2 options").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "Option 2" }).fill("Tuesday");
    expect(await submit.isDisabled()).toBe(false);
    // With 2 slots, removing clears the slot; with 3, it goes.
    await dialog.getByRole("button", { name: "Remove option 2" }).click();
    expect(await dialog.getByRole("textbox", { name: "Option 2" }).inputValue()).toBe("");
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole("textbox", { name: "Option 2" }).fill("Tuesday");
    await dialog.getByRole("button", { name: "Add option" }).click();
    await dialog.getByRole("textbox", { name: "Option 3" }).fill("Friday");
    await dialog.getByRole("button", { name: "Remove option 1" }).click();
    expect(await dialog.getByRole("textbox", { name: "Option 1" }).inputValue()).toBe("Tuesday");
    expect(await axeViolations(host)).toEqual([]);
    await dialog.getByRole("textbox", { name: "Option 2" }).press("Enter");
    await dialog.waitFor({ state: "detached" });

    await guestPolls.option(question, "Tuesday").waitFor();
    await guestPolls.option(question, "Friday").waitFor();

    await hostPolls.manage(question, "Edit");
    const edit = hostPolls.dialog("Edit poll");
    const edited = `${question} (edited)`;
    await edit.getByRole("textbox", { name: "Question" }).fill(edited);
    await edit.getByRole("textbox", { name: "Option 2" }).fill("Saturday");
    await edit.getByRole("button", { name: "Save" }).click();
    await guestPolls.option(edited, "Saturday").waitFor();

    await hostPolls.manage(edited, "Hide poll");
    await guestPolls.poll(edited).waitFor({ state: "detached" });
    await hostPolls.manage(edited, "Show poll");
    await guestPolls.poll(edited).waitFor();
    // Deleting asks first: Escape keeps the poll; the dialog's Delete poll, reached by keyboard, deletes it.
    const confirm = hostPolls.dialog("Delete poll?");
    await hostPolls.manage(edited, "Delete");
    await confirm.waitFor();
    expect(await axeViolations(host)).toEqual([]);
    await host.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await hostPolls.poll(edited).waitFor();
    await hostPolls.manage(edited, "Delete");
    await confirm.getByRole("button", { name: "Cancel" }).waitFor();
    expect(
      await confirm.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await host.keyboard.press("Tab");
    await host.keyboard.press("Enter");
    await guestPolls.poll(edited).waitFor({ state: "detached" });
    await hostPolls.poll(edited).waitFor({ state: "detached" });
  } finally {
    await guest.context.close();
  }
});
