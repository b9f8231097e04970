import type { Page } from "playwright-core";

export type LinkPurpose = "magic_link" | "verify_email" | "password_reset" | "invite";

/** /auth/link#token=…&purpose=…, where e-mailed links land. */
export class AuthLinkPage {
  constructor(private readonly page: Page) {}

  /** `link` is the whole URL from the mail, or just its token with the purpose. */
  open(link: string, purpose?: LinkPurpose) {
    return this.page.goto(purpose ? `/auth/link#token=${link}&purpose=${purpose}` : link);
  }

  /** 'Sign in to Onstage', 'Verify your email', 'Choose a new password' or 'Welcome to Onstage'. */
  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  continueButton() {
    return this.page.getByRole("button", { name: "Continue", exact: true });
  }

  newPasswordField() {
    return this.page.getByLabel("New password", { exact: true });
  }

  saveNewPasswordButton() {
    return this.page.getByRole("button", { name: "Save new password" });
  }

  firstNameField() {
    return this.page.getByLabel("First name");
  }

  lastNameField() {
    return this.page.getByLabel("Last name");
  }

  backToSignInLink() {
    return this.page.getByRole("link", { name: "Back to sign in" });
  }

  errorText(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
