import type { Page } from "playwright-core";

/** The room's Polls tab (spec 2 §4, §5): the list, a poll's options and the poll form dialog. */
export class PollsPanel {
  constructor(private readonly page: Page) {}

  /** The tab's name may end with an unread count. */
  async open() {
    await this.page.getByRole("tab", { name: /^Polls/ }).click();
    await this.page.getByRole("region", { name: "Polls", exact: true }).waitFor();
  }

  poll(question: string) {
    return this.page.getByRole("article", { name: question });
  }

  /** An option's button; its name starts with the option and may end with its result. */
  option(question: string, option: string) {
    return this.poll(question).getByRole("button", { name: new RegExp(`^${option}`) });
  }

  /** The option's button once it shows `percent`% of `votes` votes. */
  result(question: string, option: string, percent: number, votes: number) {
    return this.poll(question).getByRole("button", { name: `${option} ${percent}% (${votes})`, exact: true });
  }

  async create(question: string, options: string[]) {
    await this.page.getByRole("button", { name: "Create poll" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Create poll" });
    await dialog.getByRole("textbox", { name: "Question" }).fill(question);
    for (const [i, option] of options.entries()) {
      if (i >= 2) await dialog.getByRole("button", { name: "Add option" }).click();
      await dialog.getByRole("textbox", { name: `Option ${i + 1}` }).fill(option);
    }
    await dialog.getByRole("button", { name: "Create poll" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  dialog(title: "Create poll" | "Edit poll" | "Delete poll?") {
    return this.page.getByRole("dialog", { name: title });
  }

  manage(question: string, action: "Show answers" | "Hide poll" | "Show poll" | "Delete" | "Edit") {
    return this.poll(question).getByRole("button", { name: action, exact: true }).click();
  }
}
