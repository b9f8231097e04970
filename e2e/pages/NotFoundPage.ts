import type { Page } from "playwright-core";

export class NotFoundPage {
  constructor(private readonly page: Page) {}

  heading() {
    return this.page.getByRole("heading", { name: "Event not found" });
  }

  explanation() {
    return this.page.getByText("The event you are looking for does not exist or may have been removed.");
  }

  exploreButton() {
    return this.page.getByRole("link", { name: "Explore" });
  }
}
