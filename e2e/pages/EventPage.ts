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

  dateBoxTime() {
    return this.dateBox().locator("time");
  }

  calendarDialog() {
    return this.page.getByRole("dialog");
  }

  // --- The registered state (issue 10 §2.2) ---

  /** The registered panel, named by its heading "You're registered" (domain REGISTERED_LABELS.status). */
  registeredPanel(status: string) {
    return this.page.getByRole("region", { name: status });
  }

  /** The session's time in the registered panel: the viewer's zone, the event's zone in its tooltip. */
  registeredTime(status: string) {
    return this.registeredPanel(status).locator("time");
  }

  addToCalendarButton(status: string) {
    return this.registeredPanel(status).getByRole("button", { name: "Add to calendar" });
  }

  /** Shown while the session is live (domain REGISTERED_LABELS.join). */
  joinLink(status: string, label: string) {
    return this.registeredPanel(status).getByRole("link", { name: label });
  }

  // --- A session's status (issue 23 §3.1) ---

  /** The landing's panel of a session that is over, named by its heading (SESSION_STATUS_LABELS.over). */
  sessionOverPanel(heading: string) {
    return this.page.getByRole("region", { name: heading });
  }

  /** A session in the sessions list or the lobby's agenda, named by its title. */
  sessionCard(title: string) {
    return this.page.getByRole("article", { name: title });
  }

  section(name: "Host" | "Share" | "Tickets") {
    return this.page.getByRole("region", { name });
  }

  badge(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  toast(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
