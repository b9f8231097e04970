import type { Page } from "playwright-core";

/** The room's People tab as the team sees it: the Registered section and each person's actions. */
export class PeoplePanelPage {
  constructor(private readonly page: Page) {}

  /**
   * The person menu is on every section's rows; these steps go through the Registered list. Found by its
   * heading, not its role: an open dialog hides the page behind it from the accessibility tree.
   */
  private registered() {
    return this.page
      .locator("section.people__section")
      .filter({ has: this.page.locator("h2", { hasText: /^Registered/ }) });
  }

  async search(name: string) {
    await this.page.getByRole("searchbox", { name: "Search people" }).fill(name);
  }

  row(name: string) {
    return this.registered().locator("li.person").filter({ hasText: name });
  }

  manage(name: string) {
    return this.registered().getByRole("button", { name: `Manage ${name}` });
  }

  dialog(title: string) {
    return this.page.getByRole("dialog", { name: title });
  }

  /** `person`'s name in a section of the panel (On Stage, Invited to the stage, Hands raised...). */
  inSection(section: RegExp, person: string) {
    return this.page.getByRole("region", { name: section }).locator(".person__name", { hasText: person });
  }

  /** A stage action from `person`'s row in `section`: its menu button reads `face`, then `action`. */
  async stageAction(section: RegExp, person: string, face: string, action: string) {
    const row = this.page
      .getByRole("region", { name: section })
      .getByRole("listitem")
      .filter({ hasText: person });
    await row.getByRole("button", { name: `${face} ${person}` }).click();
    await row.getByRole("button", { name: action, exact: true }).click();
  }
}

/** /settings?tab=advanced: the channel's banned users and the moderation log. */
export class AdvancedSettingsPage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/settings?tab=advanced");
  }

  bannedUsers() {
    return this.page.getByRole("region", { name: "Banned users" });
  }

  bannedRow(name: string) {
    return this.bannedUsers().getByRole("listitem").filter({ hasText: name });
  }

  log() {
    return this.page.getByRole("region", { name: "Moderation log" });
  }
}
