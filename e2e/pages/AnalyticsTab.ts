import type { Locator, Page } from "playwright-core";

export type AnalyticsSectionTitle =
  | "Where registrations came from"
  | "Sessions"
  | "Attendance"
  | "Engagement"
  | "Playback quality";

/**
 * The event editor's Analytics tab (issue 28 §2), /dash/events/{eventId}?tab=analytics: where
 * registrations came from, a session picker, and the chosen session's attendance, engagement and
 * playback quality. Each chart is a figure named by its caption, the numbers behind it a table.
 */
export class AnalyticsTab {
  constructor(private readonly page: Page) {}

  open(eventId: number) {
    return this.page.goto(`/dash/events/${eventId}?tab=analytics`);
  }

  panel() {
    return this.page.getByRole("tabpanel");
  }

  section(title: AnalyticsSectionTitle) {
    return this.panel().getByRole("region", { name: title, exact: true });
  }

  /** A section's chart, named by its caption. */
  chart(title: AnalyticsSectionTitle) {
    return this.section(title).getByRole("figure");
  }

  /** A chart's caption: what it shows in a sentence (totals, the peak and when). */
  summary(title: AnalyticsSectionTitle) {
    return this.chart(title).locator("figcaption");
  }

  /** 'Download sources CSV', 'Download attendance CSV', 'Download engagement CSV', 'Download quality CSV'. */
  csvLink(table: "sources" | "attendance" | "engagement" | "quality") {
    return this.panel().getByRole("link", { name: `Download ${table} CSV` });
  }

  refreshButton() {
    return this.panel().getByRole("button", { name: "Refresh", exact: true });
  }

  /** A section's empty state ('Nobody was live in this session.'). */
  emptyState(title: AnalyticsSectionTitle, text: string) {
    return this.section(title).getByText(text, { exact: true });
  }

  // --- Sources ---

  sourcesChart() {
    return this.chart("Where registrations came from");
  }

  /** Source, Event-page views, Registrations, Conversion. */
  sourcesTable() {
    return this.panel().getByRole("table", { name: "Registrations by source" });
  }

  // --- Sessions ---

  sessionPicker() {
    return this.panel().getByLabel("Session", { exact: true });
  }

  /** Shows the charts of the session of this title ('Session 2' for an untitled second one). */
  async chooseSession(title: string) {
    await this.sessionPicker().selectOption({ label: title });
  }

  /** Session, State, Attendees, Views. */
  sessionsTable() {
    return this.panel().getByRole("table", { name: "Sessions" });
  }

  // --- Attendance ---

  /** Live viewers per minute; its name says how many attended and the peak. */
  attendanceChart() {
    return this.chart("Attendance");
  }

  /** Name, Email, First seen, Last seen, Minutes live, Visits. */
  attendeesTable() {
    return this.panel().getByRole("table", { name: "Attendees, longest in the session first" });
  }

  // --- Engagement ---

  engagementChart() {
    return this.chart("Engagement");
  }

  /** The legend with each kind's total: 'Chat messages 3', … */
  engagementTotals() {
    return this.section("Engagement").getByRole("list", { name: "Totals" });
  }

  // --- Playback quality ---

  /** Concurrent viewers per minute by delivery; its name says the peak. */
  concurrentViewersChart() {
    return this.chart("Playback quality");
  }

  /**
   * A figure's value: 'Views', 'Unique viewers', 'Startup time, median', 'Startup time, 95th percentile',
   * 'Rebuffering', 'Failures', 'Exits before start'.
   */
  qualityFigure(label: string) {
    return this.section("Playback quality").locator(
      `xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`,
    );
  }

  /** Delivery, Views, Watched, Rebuffering. */
  byDeliveryTable() {
    return this.panel().getByRole("table", { name: "By delivery" });
  }

  /** Rendition, Views, Watched. */
  byRenditionTable() {
    return this.panel().getByRole("table", { name: "By rendition" });
  }

  /** Viewer, Delivery, Started, Startup, Watched, Rebuffers, Rendition, Failed, Exited before start. */
  qualityViewsTable() {
    return this.panel().getByRole("table", { name: "Recent views, newest first" });
  }

  /** A table's body rows as their cells' text, the row header first, once the table is shown. */
  async rows(table: Locator): Promise<string[][]> {
    await table.waitFor();
    return table
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? "")),
      );
  }
}
