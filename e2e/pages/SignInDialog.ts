import type { Page } from "playwright-core";

/**
 * The sign-in views (spec 1 §2, §4): standalone on any page with ?sign_in=…, or inside the registration
 * dialog on an event page. Only one dialog is open at a time, so every element is found inside it.
 */
export class SignInDialog {
  constructor(private readonly page: Page) {}

  /** Any page with the dialog open, e.g. open("/") or open("/c/launch-webinar"). */
  open(path = "/") {
    return this.page.goto(`${path}${path.includes("?") ? "&" : "?"}sign_in=true`);
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  emailField() {
    return this.dialog().getByLabel("Email address");
  }

  continueButton() {
    return this.dialog().getByRole("button", { name: "Continue", exact: true });
  }

  passwordField() {
    return this.dialog().getByLabel("Password", { exact: true });
  }

  optionalPasswordField() {
    return this.dialog().getByLabel("Password (optional)");
  }

  showPasswordButton() {
    return this.dialog().getByRole("button", { name: "Show password" });
  }

  signInButton() {
    return this.dialog().getByRole("button", { name: "Sign in", exact: true });
  }

  forgotPasswordButton() {
    return this.dialog().getByRole("button", { name: "Forgot password?" });
  }

  emailLinkButton() {
    return this.dialog().getByRole("button", { name: "Email me a sign-in link instead" });
  }

  firstNameField() {
    return this.dialog().getByLabel("First name");
  }

  lastNameField() {
    return this.dialog().getByLabel("Last name");
  }

  termsCheckbox() {
    return this.dialog().getByRole("checkbox", {
      name: "I agree to the Terms of Service and Privacy Policy",
    });
  }

  /** The domain's signUpButtonLabel: 'Sign up' standalone, what comes next in the registration dialog. */
  signUpButton(name = "Sign up") {
    return this.dialog().getByRole("button", { name, exact: true });
  }

  /** 'Google', 'Twitter', 'Facebook' or 'Patreon' (SOCIAL_PROVIDER_LABELS). */
  socialButton(label: string) {
    return this.dialog().getByRole("button", { name: `Continue with ${label}` });
  }

  /** Inline red text: field errors, server messages, social sign-in failures. */
  errorText(text: string) {
    return this.dialog().getByText(text, { exact: true });
  }

  /** 'Welcome', then 'Welcome {first name}' on the sign-up screen. */
  welcomeHeading(name = "Welcome") {
    return this.dialog().getByRole("heading", { name, exact: true });
  }

  checkEmailHeading() {
    return this.dialog().getByRole("heading", { name: "Check your email" });
  }

  resendButton() {
    return this.dialog().getByRole("button", { name: "Resend", exact: true });
  }

  differentEmailButton() {
    return this.dialog().getByRole("button", { name: "Use a different email" });
  }

  closeButton() {
    return this.dialog().getByRole("button", { name: "Close" });
  }
}
