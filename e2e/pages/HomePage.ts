import type { Page } from "playwright-core";

export class HomePage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/");
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  eventLink(title: string) {
    return this.page.getByRole("link", { name: new RegExp(title) });
  }

  /** The start shown on an event's card: the viewer's zone, the event's zone in its tooltip. */
  eventTime(title: string) {
    return this.page
      .getByRole("article")
      .filter({ has: this.eventLink(title) })
      .locator("time");
  }
}
