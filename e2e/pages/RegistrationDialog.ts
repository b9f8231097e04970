import type { Page } from "playwright-core";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The registration dialog on an event page (spec 1 §2 "Registration dialog views", §4 flow). Its
 * sign-in view is the SignInDialog page object (same dialog); this one covers the views after it:
 * event password, patreon, ticket-options, checkout and registering, plus the landing page's
 * Unregister action. Texts the domain words (prices, messages) come from @onstage/domain in tests:
 * `ticketPriceLabel`, `errorMessage(...)`, `membershipRefusalMessage`, `formatMoney`.
 */
export class RegistrationDialog {
  constructor(private readonly page: Page) {}

  /** The event page with the dialog open (spec 1 §2 ?register=true). */
  open(eventCode: string, query = "") {
    return this.page.goto(`/c/${eventCode}?register=true${query ? `&${query.replace(/^[?&]/, "")}` : ""}`);
  }

  /** Titled 'Register', or 'Registering' while the registration is processed. */
  dialog(title: "Register" | "Registering" = "Register") {
    return this.page.getByRole("dialog", { name: title });
  }

  closeButton() {
    return this.dialog().getByRole("button", { name: "Close" });
  }

  /** Spec 1 §2: 'Please wait while we process your registration...' in the 'Registering' dialog. */
  registeringText() {
    return this.dialog("Registering").getByText("Please wait while we process your registration...");
  }

  /** Shown for the 0.5 s before the dialog closes when the user already holds a role. */
  alreadyHasAccessText() {
    return this.dialog().getByText("You already have access to this event.");
  }

  // --- Event password prompt (spec 1 §4, §5) ---

  eventPasswordField() {
    return this.dialog().getByLabel("Event password", { exact: true });
  }

  /** The Show/Hide toggle: 'Show password', then 'Hide password'. */
  eventPasswordToggle(state: "Show" | "Hide" = "Show") {
    return this.dialog().getByRole("button", { name: `${state} password` });
  }

  continueButton() {
    return this.dialog().getByRole("button", { name: "Continue", exact: true });
  }

  // --- Membership gate: the patreon view (spec 1 §2, §4, §8) ---

  membersOnlyHeading() {
    return this.dialog().getByRole("heading", { name: "Members only" });
  }

  checkMembershipButton() {
    return this.dialog().getByRole("button", { name: "Check my membership" });
  }

  /** A link to the gate's subscribeUrl (test mode: the TEST MODE pledge page); opens a new tab. */
  becomeMemberLink() {
    return this.dialog().getByRole("link", { name: "Become a member" });
  }

  // --- Ticket options (spec 1 §2, §5) ---

  ticketOptionsHeading() {
    return this.dialog().getByRole("heading", { name: "Choose your ticket" });
  }

  /** A ticket's radio, named '{title} {price}', e.g. 'VIP $25.00'; found by its title. */
  ticket(title: string) {
    return this.dialog().getByRole("radio", { name: new RegExp(`^${escapeRegExp(title)} `) });
  }

  /** Sliding-price tickets: 'Amount ({currency})', min/max/step 0.01. */
  amountField() {
    return this.dialog().getByLabel(/^Amount \(/);
  }

  /** Paid tickets only: a select of 1 to CHECKOUT_MAX_QUANTITY. */
  quantityField() {
    return this.dialog().getByLabel("Quantity", { exact: true });
  }

  promoCodeField() {
    return this.dialog().getByLabel("Promo code", { exact: true });
  }

  applyCodeButton() {
    return this.dialog().getByRole("button", { name: "Apply", exact: true });
  }

  /** 'Code {name} applied' once the server accepted it. */
  appliedCode(name: string) {
    return this.dialog().getByText(`Code ${name} applied`, { exact: true });
  }

  removeCodeButton() {
    return this.dialog().getByRole("button", { name: "Remove code" });
  }

  /** Subtotal, discount and total of a paid ticket, as terms and definitions. */
  orderSummary() {
    return this.dialog().getByLabel("Order summary");
  }

  /** The total's text, e.g. '$20.00' (`formatMoney(orderTotalCents(...), currency)`). */
  orderTotal() {
    return this.orderSummary().getByRole("definition").last();
  }

  /** A paid total: leaves for the card checkout page. */
  continueToCheckoutButton() {
    return this.dialog().getByRole("button", { name: "Continue to checkout" });
  }

  // --- Custom questions (spec 1 §2 "Custom question rendering"), in ticket options, checkout or sign-up ---

  /** text, phone, url, date and number questions by their question text (number: with '(min: x - max: y)'). */
  questionField(question: string) {
    return this.dialog().getByLabel(question, { exact: true });
  }

  /** A checkbox question. */
  questionCheckbox(question: string) {
    return this.dialog().getByRole("checkbox", { name: question, exact: true });
  }

  /** Multiple choice (radios) or multi-select (checkboxes) with at most 5 options. */
  choiceGroup(question: string) {
    return this.dialog().getByRole("group", { name: question, exact: true });
  }

  choiceOption(question: string, option: string, kind: "radio" | "checkbox" = "radio") {
    return this.choiceGroup(question).getByRole(kind, { name: option, exact: true });
  }

  /** More than 5 options: a searchable combobox whose listbox holds the options. */
  searchableDropdown(question: string) {
    return this.dialog().getByRole("combobox", { name: question, exact: true });
  }

  dropdownOption(question: string, option: string) {
    return this.dialog()
      .getByRole("listbox", { name: question })
      .getByRole("option", { name: option, exact: true });
  }

  /** A multi-select dropdown's chosen option, removed by its 'Remove {option}' button. */
  removeChosenOption(option: string) {
    return this.dialog().getByRole("button", { name: `Remove ${option}` });
  }

  /** 'Register' in the checkout view, or for a free ticket. */
  registerButton() {
    return this.dialog().getByRole("button", { name: "Register", exact: true });
  }

  /** Inline text: 'Incorrect event password', membership refusals, field errors, server messages. */
  errorText(text: string) {
    return this.dialog().getByText(text, { exact: true });
  }

  /** Toasts: 'event registration limit reached', 'Please answer all required questions.', 'An error occured', "You're registered". */
  toast(text: string) {
    return this.page.getByText(text, { exact: true });
  }

  // --- Landing page after registration ---

  unregisterButton() {
    return this.page.getByRole("main").getByRole("button", { name: "Unregister", exact: true });
  }

  unregisterDialog() {
    return this.page.getByRole("dialog", { name: "Unregister from this event?" });
  }

  confirmUnregisterButton() {
    return this.unregisterDialog().getByRole("button", { name: "Unregister", exact: true });
  }

  keepMySpotButton() {
    return this.unregisterDialog().getByRole("button", { name: "Keep my spot" });
  }
}
