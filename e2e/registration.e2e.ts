import {
  errorMessage,
  formatMoney,
  membershipRefusalMessage,
  registerButtonLabel,
  spotsLeftLabel,
} from "@onstage/domain";
import { expect, test } from "vitest";
import { EventPage } from "./pages/EventPage";
import { RegistrationDialog } from "./pages/RegistrationDialog";
import { SignInDialog } from "./pages/SignInDialog";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

// Registration journeys over the demo events (one per access mode); people are set up through the API.
const browser = useBrowser();
let n = 0;
const freshEmail = () => `reg-${Date.now()}-${n++}@example.test`;
const newGuest = async () =>
  signInBrowser(browser.page().request, { email: freshEmail(), firstName: "Rita", lastName: "Guest" });

test("a new user signs up in the dialog, answers the required questions and is registered", async () => {
  const page = browser.page();
  const dialog = new RegistrationDialog(page);
  const signIn = new SignInDialog(page);
  await new EventPage(page).open("launch-webinar");
  await page.getByRole("button", { name: "Reserve my seat" }).click();
  await signIn.emailField().fill(freshEmail());
  await signIn.continueButton().click();
  await signIn.firstNameField().fill("Nina");
  await signIn.lastNameField().fill("New");
  await signIn.termsCheckbox().check();
  const join = signIn.signUpButton("Sign up and join event");
  expect(await join.isDisabled()).toBe(true);
  await dialog.questionField("What is your company?").fill("Acme Live");
  await dialog.choiceOption("What is your role?", "Engineering").check();
  expect(await axeViolations(page)).toEqual([]);
  const spotsBefore = Number.parseInt((await page.getByText(/spots? left$/).textContent()) ?? "", 10);
  await join.click();
  await page.getByText("You're registered").waitFor();
  // Registered people see the custom text, and the seat count went down by one.
  await page.getByRole("button", { name: "Reserve my seat" }).waitFor();
  await page.getByText(spotsLeftLabel(spotsBefore - 1)).waitFor();
});

test("a ticketed event with a coupon is paid through the TEST MODE gateway", async () => {
  const page = browser.page();
  await newGuest();
  const dialog = new RegistrationDialog(page);
  await dialog.open("masterclass");
  await dialog.ticketOptionsHeading().waitFor();
  await dialog.ticket("Standard").check();
  await dialog.promoCodeField().fill("NOPE");
  await dialog.applyCodeButton().click();
  await dialog.errorText(errorMessage("invalid_coupon")).waitFor();
  await dialog.promoCodeField().fill("earlybird");
  await dialog.applyCodeButton().click();
  await dialog.appliedCode("EARLYBIRD").waitFor();
  expect(await dialog.orderTotal().textContent()).toBe(formatMoney(2000, "USD"));
  await dialog.continueToCheckoutButton().click();
  await page.getByText("TEST MODE", { exact: false }).first().waitFor();
  await page.getByRole("button", { name: `Pay ${formatMoney(2000, "USD")} (test)` }).click();
  await page.getByText("You're registered").waitFor();
  expect(new URL(page.url()).search).toBe("");
  const paid = await page.evaluate(
    async () => (await (await fetch("/api/events/by-code/masterclass")).json()).viewer,
  );
  expect(paid).toMatchObject({ isRegistered: true, hasPaid: true });
});

test("a sliding-price ticket asks for an amount within its range", async () => {
  const page = browser.page();
  await newGuest();
  const dialog = new RegistrationDialog(page);
  await dialog.open("masterclass");
  await dialog.ticket("Pay what you can").check();
  await dialog.continueToCheckoutButton().click();
  await dialog.errorText(errorMessage("sliding_amount_required")).waitFor();
  await dialog.amountField().fill("12.50");
  await dialog.continueToCheckoutButton().click();
  await page.getByRole("button", { name: `Pay ${formatMoney(1250, "USD")} (test)` }).click();
  await page.getByText("You're registered").waitFor();
});

test("a wrong then right event password", async () => {
  const page = browser.page();
  await newGuest();
  const dialog = new RegistrationDialog(page);
  await dialog.open("all-hands");
  await dialog.eventPasswordField().fill("guess");
  await dialog.continueButton().click();
  await dialog.errorText("Incorrect event password").waitFor();
  await dialog.eventPasswordField().fill("onstage");
  await dialog.continueButton().click();
  await page.getByText("You're registered").waitFor();
});

test("a full event disables its button and says the limit is reached", async () => {
  const page = browser.page();
  await newGuest();
  await new EventPage(page).open("sold-out-workshop");
  const full = page.getByRole("button", {
    name: registerButtonLabel({
      customText: null,
      isFull: true,
      passwordProtected: false,
      ticketed: false,
      allSessionsEnded: false,
      isRegisteredOrPaid: false,
    }),
  });
  // aria-disabled keeps it focusable and clickable, so the person learns why (spec 1 §5).
  await full.click({ force: true });
  await page.getByText("event registration limit reached").waitFor();
  expect(await full.getAttribute("aria-disabled")).toBe("true");
});

test("a membership gate refuses a user below the tier with the spec's message", async () => {
  const page = browser.page();
  await newGuest();
  const dialog = new RegistrationDialog(page);
  await dialog.open("members-qa");
  await dialog.membersOnlyHeading().waitFor();
  await dialog.checkMembershipButton().click();
  await dialog.errorText(membershipRefusalMessage("INSUFFICIENT_TIER", undefined)).waitFor();
  expect(await axeViolations(page)).toEqual([]);
});
