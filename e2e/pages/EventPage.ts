import type { Page } from "playwright-core";

/** The event page at /c/{event_code}: landing page, live room or event-not-found (spec 1 §2). */
export class EventPage {
  constructor(private readonly page: Page) {}

  open(eventCode: string, query = "") {
    return this.page.goto(`/c/${eventCode}${query}`);
  }

  title() {
    return this.page.getByRole("heading", { level: 1 });
  }

  byChannel(channelName: string) {
    return this.page.getByRole("link", { name: channelName }).first();
  }

  registerButton(label: string) {
    return this.page.getByRole("button", { name: label, exact: true });
  }

  spotsLeft() {
    return this.page.getByText(/spots? left$/);
  }

  countdown() {
    return this.page.getByRole("timer");
  }

  dateBox() {
    return this.page.getByRole("button", { name: /add to calendar/ });
  }

  calendarDialog() {
    return this.page.getByRole("dialog");
  }

  section(name: "Host" | "Share") {
    return this.page.getByRole("region", { name });
  }

  badge(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  toast(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
