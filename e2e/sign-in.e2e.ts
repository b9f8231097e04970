import { expect, test } from "vitest";
import { AccountSettingsPage } from "./pages/AccountSettingsPage";
import { AuthLinkPage } from "./pages/AuthLinkPage";
import { SignInDialog } from "./pages/SignInDialog";
import { SiteHeader } from "./pages/SiteHeader";
import { signInBrowser, signUpThroughApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { accessibleDescription } from "./support/description";
import { linkFromMailbox } from "./support/mailbox";

const browser = useBrowser();
let n = 0;
const freshEmail = () => `e2e-${Date.now()}-${n++}@example.test`;
const PASSWORD = "a long and lively phrase";

test("sign up with a password, verify from the mail, sign out and sign in again", async () => {
  const page = browser.page();
  const email = freshEmail();
  const dialog = new SignInDialog(page);
  const header = new SiteHeader(page);

  await dialog.open("/c/launch-webinar");
  await dialog.emailField().fill(email);
  await dialog.continueButton().click();
  await dialog.welcomeHeading().waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.firstNameField().fill("Ada");
  await dialog.welcomeHeading("Welcome Ada").waitFor();
  await dialog.lastNameField().fill("Lovelace");
  await dialog.optionalPasswordField().fill(PASSWORD);
  expect(await dialog.signUpButton().isDisabled()).toBe(true);
  await dialog.termsCheckbox().check();
  await dialog.signUpButton().click();
  await header.accountMenuButton().waitFor();
  await header.verifyBanner().waitFor();

  const link = await linkFromMailbox(browser.baseUrl, email, "Confirm your email for Onstage");
  const linkPage = new AuthLinkPage(page);
  await linkPage.open(link);
  await linkPage.continueButton().click();
  await page.getByText("Email verified").waitFor();
  expect(new URL(page.url()).pathname).toBe("/c/launch-webinar");
  expect(await header.verifyBanner().count()).toBe(0);

  await header.accountMenuButton().click();
  await header.signOutButton().click();
  await header.signInLink().waitFor();

  await dialog.open("/");
  await dialog.emailField().fill(email);
  await dialog.continueButton().click();
  await dialog.passwordField().fill("not the password");
  await dialog.signInButton().click();
  await dialog.errorText("Incorrect email or password").waitFor();
  await dialog.passwordField().fill(PASSWORD);
  await dialog.signInButton().click();
  await header.accountMenuButton().waitFor();
  expect(await header.accountMenuButton().textContent()).toContain("Ada");
});

test("the password rule beside the field tells a weak password while it is typed, before submitting", async () => {
  const page = browser.page();
  const dialog = new SignInDialog(page);
  await dialog.open("/c/launch-webinar");
  await dialog.emailField().fill(freshEmail());
  await dialog.continueButton().click();
  const field = dialog.optionalPasswordField();
  await field.fill("pass");
  await dialog
    .dialog()
    .getByText(/^Too short\./)
    .waitFor();
  await field.fill("password1");
  await dialog
    .dialog()
    .getByText(/^Too easy to guess\./)
    .waitFor();
  expect(await accessibleDescription(field)).toMatch(/^Too easy to guess\. At least 8 characters/);
  await field.fill(PASSWORD);
  await dialog
    .dialog()
    .getByText(/^Strong enough\./)
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // The same rule where a signed-in person sets a password.
  await signInBrowser(page.request, { email: freshEmail(), firstName: "Wes", lastName: "Weak" });
  const settings = new AccountSettingsPage(page);
  await settings.open();
  await settings.newPasswordField().fill("qwertyuiop");
  await settings
    .section("Password")
    .getByText(/^Too easy to guess\./)
    .waitFor();
  expect(await settings.passwordButton("Set a password").isEnabled()).toBe(true);
});

test("sign in with a magic link taken from the mail; the link works only once", async () => {
  const page = browser.page();
  const email = freshEmail();
  await signUpThroughApi(browser.baseUrl, { email, firstName: "Grace", lastName: "Hopper" });
  const dialog = new SignInDialog(page);

  await dialog.open("/c/summit");
  await dialog.emailField().fill(email);
  await dialog.emailField().press("Enter");
  await dialog.checkEmailHeading().waitFor();
  expect(await axeViolations(page)).toEqual([]);

  const link = await linkFromMailbox(browser.baseUrl, email, "Your Onstage sign-in link");
  const linkPage = new AuthLinkPage(page);
  await linkPage.open(link);
  await linkPage.heading().filter({ hasText: "Sign in to Onstage" }).waitFor();
  // Opening the page spends nothing: only the click does.
  await linkPage.open(link);
  await linkPage.heading().filter({ hasText: "Sign in to Onstage" }).waitFor();
  await linkPage.continueButton().click();
  const header = new SiteHeader(page);
  await header.accountMenuButton().waitFor();
  expect(new URL(page.url()).pathname).toBe("/c/summit");

  await linkPage.open(link);
  await linkPage.continueButton().click();
  await page.getByText("This link is invalid or has expired. Please request a new one.").waitFor();
});
