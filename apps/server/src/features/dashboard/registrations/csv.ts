import type { DashRegistration } from "@onstage/domain";
import { stringify } from "csv-stringify/sync";

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return that some
 * programs strip first) gets a leading apostrophe, so an attendee's answer cannot run in the host's
 * spreadsheet (OWASP CSV injection).
 */
export function csvSafeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Amounts in the currency's major unit with its usual decimals (JPY has none). */
export function majorUnits(cents: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    // An unknown code keeps two decimals.
  }
  return (cents / 10 ** digits).toFixed(digits);
}

const FIXED_HEADER = [
  "Registered at",
  "First name",
  "Last name",
  "Email",
  "Ticket",
  "Amount paid",
  "Currency",
  "Coupon",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
];

/** One row per registration and one column per question; a byte-order mark so spreadsheets read UTF-8. */
export function registrationsCsv(input: {
  currency: string;
  questions: readonly { id: number; question: string }[];
  registrations: readonly DashRegistration[];
}): string {
  const header = [...FIXED_HEADER, ...input.questions.map((q) => q.question)];
  const rows = input.registrations.map((r) => {
    const answers = new Map(r.answers.map((a) => [a.fieldId, a.answer]));
    return [
      r.createdAt,
      r.user.firstName,
      r.user.lastName,
      r.user.email,
      r.ticket?.title ?? "",
      majorUnits(r.amountPaidCents, input.currency),
      input.currency,
      r.coupon ?? "",
      r.utmSource ?? "",
      r.utmMedium ?? "",
      r.utmCampaign ?? "",
      r.utmTerm ?? "",
      r.utmContent ?? "",
      ...input.questions.map((q) => answers.get(q.id) ?? ""),
    ];
  });
  return stringify(
    [header, ...rows].map((row) => row.map(csvSafeCell)),
    { bom: true, record_delimiter: "windows" },
  );
}
