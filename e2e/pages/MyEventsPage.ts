import type { Page } from "playwright-core";

/** /my-events (spec 1 §2, issue 23 §3.3): the events one speaks at, registered for and hosts. */
export class MyEventsPage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/my-events");
  }

  section(title: "Speaking" | "Registered" | "Hosting") {
    return this.page.getByRole("region", { name: title });
  }

  /** A speaker's way into the greenroom of one of their sessions. */
  greenroomLink(sessionTitle: string) {
    return this.section("Speaking").getByRole("link", { name: `Go to the greenroom of ${sessionTitle}` });
  }
}
