import type { Page } from "playwright-core";

/** The room's Clips tab (spec 3 §2), the create-clip dialog (spec 2 §5) and the share dialog. */
export class ClipsPanel {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.getByRole("tab", { name: /^Clips/ }).click();
    await this.region().waitFor();
  }

  region() {
    return this.page.getByRole("region", { name: "Clips", exact: true });
  }

  item(title: string) {
    return this.region()
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: title }) });
  }

  /** A clip's action button or link, named '{action} {title}'. */
  action(title: string, action: "Play" | "Open" | "Share" | "Download" | "Rename" | "Delete") {
    return this.item(title).getByRole(action === "Open" ? "link" : "button", { name: `${action} ${title}` });
  }

  /** Ready once the clip page can be opened. */
  ready(title: string) {
    return this.action(title, "Open").waitFor({ timeout: 60_000 });
  }

  /**
   * Opens 'Create a clip' from the panel's Clip button, moves the start by keyboard (a second a press) so
   * the clip ending at the default end lasts `seconds`, and creates it.
   */
  async create(title: string, seconds: number) {
    await this.region().getByRole("button", { name: "Clip", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Create a clip" });
    const start = dialog.getByRole("slider", { name: "Start" });
    await start.waitFor({ timeout: 30_000 });
    const length = Number((await dialog.getByText(/^\d+ s clip$/).textContent())?.split(" ")[0]);
    await start.focus();
    const key = length > seconds ? "ArrowRight" : "ArrowLeft";
    for (let i = 0; i < Math.abs(length - seconds); i++) await start.press(key);
    await dialog.getByText(`${seconds} s clip`).waitFor();
    await dialog.getByRole("textbox", { name: "Title" }).fill(title);
    await dialog.getByRole("button", { name: "Create clip" }).click();
    await dialog.waitFor({ state: "detached" });
  }
}
