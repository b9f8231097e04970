import { expect, test } from "vitest";
import { parseCalendar } from "../apps/server/src/testing/ics";
import { RegistrationDialog } from "./pages/RegistrationDialog";
import { SignInDialog } from "./pages/SignInDialog";
import { useBrowser } from "./support/browser";
import { mailFromMailbox } from "./support/mailbox";

const browser = useBrowser();

test("a new user registers for a free event and finds the confirmation with its .ics in the mailbox", async () => {
  const page = browser.page();
  const email = `mail-${Date.now()}@example.test`;
  const signIn = new SignInDialog(page);
  // The event page with the registration dialog open (spec 1 §2 ?register=true).
  await new RegistrationDialog(page).open("summit");
  await signIn.emailField().fill(email);
  await signIn.continueButton().click();
  await signIn.firstNameField().fill("Mia");
  await signIn.lastNameField().fill("Mailer");
  await signIn.termsCheckbox().check();
  await signIn.signUpButton("Sign up and join event").click();
  await page.getByText("You're registered").first().waitFor();

  const mail = await mailFromMailbox(browser.baseUrl, email, "You're registered: Onstage Summit 2026");
  expect(mail.text).toContain(`${browser.baseUrl}/c/summit`);
  expect(mail.attachments.map((a) => a.filename)).toEqual(["invite.ics"]);
  const file = await fetch(`${browser.baseUrl}${mail.attachments[0]?.url}`);
  expect(file.headers.get("content-type")).toMatch(/^text\/calendar/);
  const calendar = parseCalendar(await file.text());
  expect(calendar.events.length).toBeGreaterThan(0);
  for (const event of calendar.events) expect(event.summary).toMatch(/^Onstage Summit 2026: /);
});
