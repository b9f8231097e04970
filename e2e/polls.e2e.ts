import type { Browser } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { PollsPanel } from "./pages/polls";
import { RoomPage } from "./pages/room";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { signUpVerified } from "./support/verified-account";

// Issue 12 §4 "Must show": a poll created by the host, voted by two guests, one switching, the results
// seen by the voters live. The demo's 'office-hours' event is open and broadcasting.
const browser = useBrowser();
const EVENT = "office-hours";
let n = 0;
const freshEmail = () => `poll-${Date.now()}-${n++}@example.test`;

async function newPage() {
  const context = await (browser.page().context().browser() as Browser).newContext({
    baseURL: browser.baseUrl,
  });
  return { context, page: await context.newPage() };
}

test("the host creates a poll, two guests vote, one switches; everyone sees the results live", async () => {
  const host = browser.page();
  const guestA = await newPage();
  const guestB = await newPage();
  try {
    await signInBrowser(host.request, DEMO_HOST);
    await signUpVerified(guestA.page.request, browser.baseUrl, {
      email: freshEmail(),
      firstName: "Ann",
      lastName: "Voter",
    });
    await signUpVerified(guestB.page.request, browser.baseUrl, {
      email: freshEmail(),
      firstName: "Bo",
      lastName: "Voter",
    });
    const [hostPolls, pollsA, pollsB] = [host, guestA.page, guestB.page].map(
      (page) => new PollsPanel(page),
    ) as [PollsPanel, PollsPanel, PollsPanel];
    for (const page of [host, guestA.page, guestB.page]) {
      await new RoomPage(page).open(EVENT);
      await new RoomPage(page).chatLog().waitFor();
    }
    await hostPolls.open();
    await pollsB.open();

    const question = `Tea or coffee? ${Date.now()}`;
    await hostPolls.create(question, ["Tea", "Coffee"]);
    await pollsB.poll(question).waitFor();
    // Spec 2 §2: a guest on another tab sees the polls badge.
    await guestA.page.getByRole("tab", { name: "Polls, 1 unread" }).waitFor();
    await pollsA.open();
    await pollsA.poll(question).waitFor();
    await hostPolls.manage(question, "Show answers");

    await pollsA.option(question, "Tea").click();
    await pollsB.option(question, "Coffee").click();
    await pollsA.result(question, "Tea", 50, 1).waitFor();
    await pollsB.result(question, "Tea", 50, 1).waitFor();

    // Switching: A moves to Coffee; both voters and the host see it.
    await pollsA.option(question, "Coffee").click();
    for (const polls of [pollsA, pollsB, hostPolls]) await polls.result(question, "Coffee", 100, 2).waitFor();
    expect(await pollsA.option(question, "Coffee").getAttribute("aria-pressed")).toBe("true");
    expect(await pollsA.option(question, "Tea").getAttribute("aria-pressed")).toBe("false");

    // Clicking the same option again removes the answer.
    await pollsB.option(question, "Coffee").click();
    await pollsA.result(question, "Coffee", 100, 1).waitFor();

    expect(await axeViolations(guestA.page)).toEqual([]);
    expect(await axeViolations(host)).toEqual([]);
  } finally {
    await guestA.context.close();
    await guestB.context.close();
  }
});
