import type { Page } from "playwright-core";

/** The header on every page: 'Sign in', or the signed-in user's menu, and the verify-email banner. */
export class SiteHeader {
  constructor(private readonly page: Page) {}

  signInLink() {
    return this.page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true });
  }

  /** The menu button is named '{first} {last} (account menu)'. */
  accountMenuButton() {
    return this.page.getByRole("banner").getByRole("button", { name: /\(account menu\)$/ });
  }

  menuLink(name: "My events" | "Dashboard" | "Account settings") {
    return this.page.getByRole("banner").getByRole("link", { name, exact: true });
  }

  signOutButton() {
    return this.page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true });
  }

  signOutEverywhereButton() {
    return this.page.getByRole("banner").getByRole("button", { name: "Sign out everywhere" });
  }

  verifyBanner() {
    return this.page.getByRole("link", { name: "Please verify your email to interact" });
  }
}
