import type { Page } from "playwright-core";

/** /account/settings: profile, photo, e-mail, password and sign-in methods. */
export class AccountSettingsPage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/account/settings");
  }

  heading() {
    return this.page.getByRole("heading", { level: 1, name: "Account settings" });
  }

  section(name: "Profile" | "Photo" | "Email" | "Password" | "Sign-in methods") {
    return this.page.getByRole("region", { name });
  }

  /** Signed-out visitors see this button, which opens the sign-in dialog. */
  signInButton() {
    return this.page.getByRole("main").getByRole("button", { name: "Sign in", exact: true });
  }

  firstNameField() {
    return this.section("Profile").getByLabel("First name");
  }

  lastNameField() {
    return this.section("Profile").getByLabel("Last name");
  }

  bioField() {
    return this.section("Profile").getByLabel("Bio");
  }

  /** '{n} / 500 characters'. */
  bioCounter() {
    return this.section("Profile").getByText(/\d+ \/ \d+ characters/);
  }

  saveProfileButton() {
    return this.section("Profile").getByRole("button", { name: "Save", exact: true });
  }

  photoInput() {
    return this.section("Photo").getByLabel("Upload a new photo");
  }

  uploadProgress() {
    return this.section("Photo").getByRole("progressbar", { name: "Uploading photo" });
  }

  /** 'Verified' or 'Not verified'. */
  emailStatus(status: "Verified" | "Not verified") {
    return this.section("Email").getByText(status, { exact: true });
  }

  resendVerificationButton() {
    return this.section("Email").getByRole("button", { name: "Resend verification email" });
  }

  currentPasswordField() {
    return this.section("Password").getByLabel("Current password", { exact: true });
  }

  newPasswordField() {
    return this.section("Password").getByLabel("New password", { exact: true });
  }

  /** 'Set a password' when the account has none, else 'Change password'. */
  passwordButton(name: "Set a password" | "Change password") {
    return this.section("Password").getByRole("button", { name, exact: true });
  }

  /** One item per sign-in account: 'Email', 'Google', … followed by its address. */
  signInMethods() {
    return this.section("Sign-in methods").getByRole("listitem");
  }

  /** Confirmations ('Profile saved', 'Photo updated', 'Password saved') and inline errors. */
  message(text: string) {
    return this.page.getByRole("main").getByText(text, { exact: true });
  }
}
