import type { Page } from "playwright-core";

/** The room's Q&A module (spec 2 §2): sub-tabs, the 'Ask a question' input, questions by their text. */
export class QuestionsPanel {
  constructor(private readonly page: Page) {}

  /** Opens the sidebar's Q&A tab (its name may end with an unread count). */
  async open() {
    await this.page.getByRole("tab", { name: /^Q&A/ }).click();
    await this.panel().waitFor();
  }

  panel() {
    return this.page.getByRole("region", { name: "Q&A" });
  }

  subTab(name: "Open" | "Answered") {
    return this.panel().getByRole("tab", { name, exact: true });
  }

  async ask(text: string) {
    await this.panel().getByRole("textbox", { name: "Ask a question" }).fill(text);
    await this.panel().getByRole("button", { name: "Ask", exact: true }).click();
  }

  question(text: string) {
    return this.panel().getByRole("listitem").filter({ hasText: text });
  }

  upvoteButton(text: string) {
    return this.question(text).getByRole("button", { name: /^Upvote/ });
  }

  button(text: string, name: string) {
    return this.question(text).getByRole("button", { name, exact: true });
  }

  emptyState(text: "No open questions" | "No answered questions") {
    return this.panel().getByText(text, { exact: true });
  }
}
