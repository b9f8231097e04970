import type { Page } from "playwright-core";

export type EditorTab =
  | "Details"
  | "Sessions"
  | "Speakers"
  | "Tickets"
  | "Coupons"
  | "Questions"
  | "Registrations"
  | "Analytics";

/**
 * The event editor at /dash/events/{eventId} (issue 5 §1): a tab per part of the event. Add and edit
 * forms open in a dialog; only one dialog is open at a time.
 */
export class EventEditorPage {
  constructor(private readonly page: Page) {}

  open(eventId: number, tab?: Lowercase<EditorTab>) {
    return this.page.goto(`/dash/events/${eventId}${tab ? `?tab=${tab}` : ""}`);
  }

  /** The event's title. */
  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  tab(name: EditorTab) {
    return this.page.getByRole("tab", { name, exact: true });
  }

  panel() {
    return this.page.getByRole("tabpanel");
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  /** Toasts ('Event saved', 'Ticket added', …) and inline errors. */
  message(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  /** The red inline error of the open dialog or form (the server's catalogue wording). */
  formError() {
    return this.page.getByRole("alert");
  }

  // --- Header actions ---

  viewEventPageLink() {
    return this.page.getByRole("link", { name: "View event page" });
  }

  previewLandingPageLink() {
    return this.page.getByRole("link", { name: "Preview landing page" });
  }

  archiveButton() {
    return this.page.getByRole("button", { name: "Archive", exact: true });
  }

  unarchiveButton() {
    return this.page.getByRole("button", { name: "Unarchive", exact: true });
  }

  /** Opens the confirm dialog, whose own button has the same name. */
  deleteButton() {
    return this.page.getByRole("main").getByRole("button", { name: "Delete event", exact: true });
  }

  confirmDeleteButton() {
    return this.dialog().getByRole("button", { name: "Delete event", exact: true });
  }

  /** 'Archived', 'Unlisted', 'Password', an access mode. */
  statusBadge(text: string) {
    return this.page.getByRole("list", { name: "Status" }).getByText(text, { exact: true });
  }

  // --- Details ---

  titleField() {
    return this.panel().getByLabel("Title", { exact: true });
  }

  descriptionField() {
    return this.panel().getByLabel("Description", { exact: true });
  }

  coverInput() {
    return this.panel().getByLabel("Upload a cover photo");
  }

  coverProgress() {
    return this.panel().getByRole("progressbar", { name: "Uploading cover photo" });
  }

  coverPreview() {
    return this.panel().getByRole("img", { name: "Current cover" });
  }

  timeZoneSelect() {
    return this.panel().getByLabel("Time zone");
  }

  /** 'Open', 'Registration required', 'Ticketed' or 'Membership (Patreon)'. */
  accessRadio(label: "Open" | "Registration required" | "Ticketed" | "Membership (Patreon)") {
    return this.panel().getByRole("radio", { name: label, exact: true });
  }

  tierAmountField() {
    return this.panel().getByLabel("Membership tier amount");
  }

  privateCheckbox() {
    return this.panel().getByRole("checkbox", { name: "Private (unlisted)" });
  }

  passwordField() {
    return this.panel().getByLabel("Event password", { exact: true });
  }

  showPasswordButton() {
    return this.panel().getByRole("button", { name: "Show password" });
  }

  seatLimitField() {
    return this.panel().getByLabel("Seat limit");
  }

  registerButtonTextField() {
    return this.panel().getByLabel("Custom register button text");
  }

  multiSessionCheckbox() {
    return this.panel().getByRole("checkbox", { name: "Multi-session" });
  }

  hideUnregisterCheckbox() {
    return this.panel().getByRole("checkbox", { name: "Hide unregister" });
  }

  // Issue 28 §5: the event's Meta pixel and its two events.

  metaPixelIdField() {
    return this.panel().getByLabel("Meta pixel ID");
  }

  metaPixelPageLoadCheckbox() {
    return this.panel().getByRole("checkbox", { name: "Send PageView on page load" });
  }

  metaPixelRegistrationCheckbox() {
    return this.panel().getByRole("checkbox", { name: "Send CompleteRegistration on registration" });
  }

  saveDetailsButton() {
    return this.panel().getByRole("button", { name: "Save details" });
  }

  // --- Lists (sessions, tickets, coupons, questions) ---

  /** 'Add session', 'Add ticket', 'Add coupon', 'Add question'. */
  addButton(name: "Add session" | "Add ticket" | "Add coupon" | "Add question") {
    return this.panel().getByRole("button", { name, exact: true });
  }

  /** A row of the current tab, by its name (session title, ticket title, coupon code, question). */
  row(name: string) {
    return this.panel()
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name, exact: true }) });
  }

  editButton(rowName: string) {
    return this.row(rowName).getByRole("button", { name: `Edit ${rowName}` });
  }

  deleteRowButton(rowName: string) {
    return this.row(rowName).getByRole("button", { name: `Delete ${rowName}` });
  }

  /** The confirm dialog's button: 'Delete session', 'Delete ticket', 'Delete coupon', 'Delete question'. */
  confirmButton(name: string) {
    return this.dialog().getByRole("button", { name, exact: true });
  }

  /** Any labelled control of the open dialog, e.g. field('Ticket title'), field('Price (USD)'). */
  field(label: string) {
    return this.dialog().getByLabel(label, { exact: true });
  }

  radio(label: string) {
    return this.dialog().getByRole("radio", { name: label, exact: true });
  }

  /** 'Save session', 'Save ticket', 'Save coupon', 'Save question', 'Cancel'. */
  dialogButton(name: string) {
    return this.dialog().getByRole("button", { name, exact: true });
  }

  // --- Sessions: each row's way into its room and, for an encoder's session, its RTMP setup (issue 23 §3.4).

  openRoomLink(sessionName: string) {
    return this.row(sessionName).getByRole("link", { name: `Open room ${sessionName}` });
  }

  rtmpSetupButton(sessionName: string) {
    return this.row(sessionName).getByRole("button", { name: `RTMP setup ${sessionName}` });
  }

  // --- Speakers (issue 23 §3.3) ---

  speakerEmailField() {
    return this.panel().getByLabel("Speaker email");
  }

  /** The 'Speaks in' checkbox of a session, by its name. */
  speakerSessionCheckbox(sessionName: string) {
    return this.panel().getByRole("checkbox", { name: sessionName, exact: true });
  }

  inviteSpeakerButton() {
    return this.panel().getByRole("button", { name: "Invite speaker" });
  }

  /** A speaker's or an invitation's row, by the address. */
  speakerRow(email: string) {
    return this.panel().getByRole("list", { name: "Speakers and invitations" }).getByRole("listitem").filter({
      hasText: email,
    });
  }

  // --- Sessions dialog: 'Session title', 'Session description', 'Date and time', 'Duration (minutes)';
  // radios 'Regular' / 'Lobby' and 'WebRTC' / 'RTMP' / 'RTMP native'.

  // --- Tickets ---

  currencySelect() {
    return this.panel().getByLabel("Ticket currency");
  }

  saveCurrencyButton() {
    return this.panel().getByRole("button", { name: "Save currency" });
  }

  // Ticket dialog: 'Ticket title', 'Ticket description'; radios 'Free', 'Fixed price', 'Sliding scale';
  // 'Price ({currency})', or 'Minimum price ({currency})' and 'Maximum price ({currency})'.

  // Coupon dialog: 'Coupon code'; radios 'Percent', 'Amount'; 'Percent off' or 'Amount off ({currency})';
  // 'Maximum uses'; 'Expires'.

  // --- Questions ---

  /** Question dialog: 'Question', 'Answer type' (select), 'Required' checkbox, options, 'Minimum', 'Maximum'. */
  answerTypeSelect() {
    return this.dialog().getByLabel("Answer type");
  }

  requiredCheckbox() {
    return this.dialog().getByRole("checkbox", { name: "Required" });
  }

  /** 'Option 1', 'Option 2', … */
  optionField(n: number) {
    return this.dialog().getByLabel(`Option ${n}`, { exact: true });
  }

  addOptionButton() {
    return this.dialog().getByRole("button", { name: "Add option" });
  }

  moveUpButton(question: string) {
    return this.row(question).getByRole("button", { name: `Move up ${question}` });
  }

  moveDownButton(question: string) {
    return this.row(question).getByRole("button", { name: `Move down ${question}` });
  }

  /** The questions' names in their order. */
  rowNames() {
    return this.panel().getByRole("listitem").getByRole("heading", { level: 3 }).allTextContents();
  }

  // --- Registrations ---

  /** The big number: '{n} registered'. */
  registrationTotal() {
    return this.panel().getByText(/^\d+ registered$/);
  }

  /** The chart's text summary. */
  chartSummary() {
    return this.panel().getByRole("figure");
  }

  registrationsTable() {
    return this.panel().getByRole("table", { name: "Registrations, newest first" });
  }

  /** A registration's row, by the registrant's full name. */
  registrationRow(fullName: string) {
    return this.registrationsTable().getByRole("row", { name: new RegExp(`^${fullName}`) });
  }

  refreshButton() {
    return this.panel().getByRole("button", { name: "Refresh", exact: true });
  }

  loadMoreButton() {
    return this.panel().getByRole("button", { name: "Load more" });
  }

  downloadCsvLink() {
    return this.panel().getByRole("link", { name: "Download CSV" });
  }
}
