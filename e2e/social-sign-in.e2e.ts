import type { CurrentUser } from "@onstage/domain";
import { expect, test } from "vitest";
import { ProviderLoginPage } from "./pages/ProviderLoginPage";
import { SignInDialog } from "./pages/SignInDialog";
import { SiteHeader } from "./pages/SiteHeader";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { googleStandInEmail } from "./support/oidc-provider";

// Sign in with Google against the stand-in provider global-setup starts (a real OpenID Connect server).
const browser = useBrowser();

test("a new person continues with Google, accepts the terms and is signed in on the event page", async () => {
  const page = browser.page();
  const dialog = new SignInDialog(page);
  const login = `grace-${Date.now()}`;

  await page.goto("/c/launch-webinar");
  await new SiteHeader(page).signInLink().click();
  await dialog.socialButton("Google").click();

  const provider = new ProviderLoginPage(page);
  await provider.loginField().fill(login);
  await provider.passwordField().fill("any password");
  await provider.signInButton().click();
  await provider.continueButton().click();

  // Spec 1 §4: a new social user is signed in but first confirms the terms.
  await dialog.termsCheckbox().waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/c/launch-webinar");
  expect(url.searchParams.get("sign_in")).toBe("terms");
  expect(await axeViolations(page)).toEqual([]);
  expect(await dialog.signUpButton().isDisabled()).toBe(true);
  await dialog.termsCheckbox().check();
  await dialog.signUpButton().click();
  await dialog.dialog().waitFor({ state: "detached" });

  const user = await page.evaluate(async () => {
    const res = await fetch("/api/me");
    return ((await res.json()) as { user: CurrentUser | null }).user;
  });
  expect(user).toMatchObject({ email: googleStandInEmail(login), firstName: "Grace", lastName: "Hopper" });
  expect(user?.tosAccepted).not.toBeNull();
  await new SiteHeader(page).accountMenuButton().waitFor();
});
