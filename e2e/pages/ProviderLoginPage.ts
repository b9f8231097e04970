import type { Page } from "playwright-core";

/** The stand-in provider's development sign-in and consent pages (oidc-provider's own forms). */
export class ProviderLoginPage {
  constructor(private readonly page: Page) {}

  // The development form has placeholders and no labels.
  loginField() {
    return this.page.getByPlaceholder("Enter any login");
  }

  passwordField() {
    return this.page.getByPlaceholder("and password");
  }

  signInButton() {
    return this.page.getByRole("button", { name: "Sign-in" });
  }

  /** The consent page's button. */
  continueButton() {
    return this.page.getByRole("button", { name: "Continue" });
  }
}
