import { errorMessage } from "@onstage/domain";
import { expect, test } from "vitest";
import { QuestionsPanel } from "./pages/questions";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

// Issue 12 §3: the Q&A for an unverified user. Asking, upvoting, answering while broadcasting, the stage card,
// reopening, the pop-out and the replay link are in journey.e2e.ts.
const browser = useBrowser();

test("an unverified user sees the questions but the 'Ask a question' input is disabled with the verify prompt", async () => {
  const page = browser.page();
  // Signed up, e-mail not verified yet.
  await signInBrowser(page.request, {
    email: `qa-u-${Date.now()}@example.test`,
    firstName: "Una",
    lastName: "Unverified",
  });
  const qa = new QuestionsPanel(page);
  await page.goto("/c/office-hours");
  await qa.open();
  expect(await qa.panel().getByRole("textbox", { name: "Ask a question" }).isDisabled()).toBe(true);
  await qa
    .panel()
    .getByRole("link", { name: errorMessage("email_not_verified") })
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
});
