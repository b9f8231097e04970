import {
  errorMessage,
  formatMoney,
  membershipRefusalMessage,
  REGISTERED_LABELS,
  registrationGate,
  shownTime,
  signUpButtonLabel,
  ticketPriceLabel,
} from "@onstage/domain";
import { expect, test } from "vitest";
import { EventPage } from "./pages/EventPage";
import { RegistrationDialog } from "./pages/RegistrationDialog";
import { SignInDialog } from "./pages/SignInDialog";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { registerLabel } from "./support/labels";

// Registration journeys over the demo events (one per access mode); people are set up through the API.
const browser = useBrowser();
let n = 0;
const freshEmail = () => `reg-${Date.now()}-${n++}@example.test`;
const newGuest = async () =>
  signInBrowser(browser.page().request, { email: freshEmail(), firstName: "Rita", lastName: "Guest" });

const { status: REGISTERED } = REGISTERED_LABELS;

test("a new user signs up in the dialog, answers the required questions and sees the registered state", async () => {
  const page = browser.page();
  const event = new EventPage(page);
  const dialog = new RegistrationDialog(page);
  const signIn = new SignInDialog(page);
  await event.open("launch-webinar");
  await page.getByRole("button", { name: "Reserve my seat" }).click();
  await signIn.emailField().fill(freshEmail());
  await signIn.continueButton().click();
  await signIn.firstNameField().fill("Nina");
  await signIn.lastNameField().fill("New");
  await signIn.termsCheckbox().check();
  const join = signIn.signUpButton(signUpButtonLabel("checkout"));
  expect(await join.isDisabled()).toBe(true);
  await dialog.questionField("What is your company?").fill("Acme Live");
  await dialog.choiceOption("What is your role?", "Engineering").check();
  expect(await axeViolations(page)).toEqual([]);
  await join.click();

  // Issue 10 §2.2: "You're registered" with the session's time, add-to-calendar, and no register button.
  await event.registeredPanel(REGISTERED).waitFor();
  const time = event.registeredTime(REGISTERED);
  const [iso, zone] = await Promise.all([
    time.getAttribute("datetime"),
    page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
  ]);
  const shown = shownTime(iso ?? "", { viewer: zone, event: "Europe/Berlin" });
  expect(await time.textContent()).toBe(shown.full);
  expect(await time.getAttribute("title")).toBe(shown.eventZoneTooltip);
  expect(await page.getByRole("button", { name: "Reserve my seat" }).count()).toBe(0);
  expect(await event.joinLink(REGISTERED, REGISTERED_LABELS.join).count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await event.addToCalendarButton(REGISTERED).click();
  const calendar = event.calendarDialog();
  const icsHref = await calendar.getByRole("link", { name: /ics/i }).getAttribute("href");
  expect(await (await page.request.get(icsHref ?? "")).text()).toContain("SUMMARY:Product Launch Webinar");
});

test("a registered person sees a join button while the session is live", async () => {
  const page = browser.page();
  await newGuest();
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const summit = await (await page.request.get("/api/events/by-code/summit")).json();
  const registered = await page.request.post("/api/events/register", {
    headers: { "x-csrf-token": csrfToken },
    data: { event_id: summit.event.id },
  });
  expect(registered.status()).toBe(201);
  const event = new EventPage(page);
  // The landing page of a live session is what a registered person sees before the room refreshes.
  await event.open("summit", "?previewLandingPage=true");
  const joinLink = event.joinLink(REGISTERED, REGISTERED_LABELS.join);
  await joinLink.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await joinLink.click();
  await page.getByRole("region", { name: "Stage" }).waitFor();
});

test("a visitor sees ticket names and prices before signing in, and the sign-up button says what comes next", async () => {
  const page = browser.page();
  const event = new EventPage(page);
  await event.open("masterclass");
  const data = await (await page.request.get("/api/events/by-code/masterclass")).json();
  const tickets = event.section("Tickets");
  await tickets.waitFor();
  for (const ticket of data.tickets) {
    await tickets.getByText(ticket.title, { exact: true }).waitFor();
    await tickets
      .getByText(ticketPriceLabel(ticket, data.event.eventTicketCurrency), { exact: true })
      .waitFor();
  }
  expect(await axeViolations(page)).toEqual([]);

  const signIn = new SignInDialog(page);
  await page.getByRole("button", { name: registerLabel({ ticketed: true }) }).click();
  await signIn.emailField().fill(freshEmail());
  await signIn.continueButton().click();
  const next = registrationGate({
    access: "ticketed",
    passwordProtected: false,
    passwordAccepted: false,
    isValidMember: false,
  });
  await signIn.signUpButton(signUpButtonLabel(next)).waitFor();
  expect(signUpButtonLabel(next)).not.toBe(signUpButtonLabel("checkout"));
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
  await new EventPage(page).registeredPanel(REGISTERED).waitFor();
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
  await new EventPage(page).registeredPanel(REGISTERED).waitFor();
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
  await new EventPage(page).registeredPanel(REGISTERED).waitFor();
});

test("a full event disables its button and says the limit is reached", async () => {
  const page = browser.page();
  await newGuest();
  await new EventPage(page).open("sold-out-workshop");
  const full = page.getByRole("button", {
    name: registerLabel({ isFull: true }),
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

test("a sign-in that ended before Register is told with the spec's message, and nothing is registered", async () => {
  const page = browser.page();
  await newGuest();
  const dialog = new RegistrationDialog(page);
  await dialog.open("launch-webinar");
  await dialog.questionField("What is your company?").fill("Acme Live");
  await dialog.choiceOption("What is your role?", "Engineering").check();
  // The session cookie goes (it expired, or the person signed out in another tab).
  await page.context().clearCookies();
  await dialog.registerButton().click();
  await dialog.errorText("Failed to get valid authentication token for event registration").waitFor();
  expect(await axeViolations(page)).toEqual([]);
});

/** The registration dialog's lazy chunk (issue 14: it loads when the dialog opens). */
const DIALOG_CHUNK = /\/assets\/RegistrationDialog-[^/]+\.js$/;

test("on a slow connection, the page shows the dialog is opening until its code arrives", async () => {
  const page = browser.page();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(DIALOG_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await new EventPage(page).open("launch-webinar");
  await page.getByRole("button", { name: "Reserve my seat" }).click();
  const opening = page.getByRole("status").filter({ hasText: "Loading…" });
  await opening.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  release();
  await new SignInDialog(page).emailField().waitFor();
  expect(await opening.count()).toBe(0);
});

test("a tab opened before a deploy reloads once when the dialog's chunk is gone, and the dialog opens", async () => {
  const page = browser.page();
  let refused = 0;
  await page.route(DIALOG_CHUNK, async (route) => {
    // The first ask finds the old build's chunk gone, as after a deploy; the reloaded page gets it.
    if (refused++ === 0) return route.fulfill({ status: 404, body: "" });
    return route.continue();
  });
  await new EventPage(page).open("launch-webinar");
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Reserve my seat" }).click();
  await reloaded;
  // The dialog's state is in the address (?register=true): the reloaded page opens it by itself.
  await new SignInDialog(page).emailField().waitFor();
  expect(refused).toBe(2);
});
