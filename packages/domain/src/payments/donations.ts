// Spec 2 §4, §5, §9 donations: the viewer types an amount; it is rounded to two decimals and sent to the
// card provider in cents (times 100). Contributions take the currencies tickets take: those counted in
// hundredths (isSupportedCurrency), so the times-100 rule holds.

/** Issue 25 §4: below this a card fee eats the gift (Stripe's own minimum is about 0.50 of a major unit). */
export const DONATION_MIN_MAJOR = 1;
/** A live audience gives tips, not tuition: larger sums are a typo or a stolen card (see decisions). */
export const DONATION_MAX_MAJOR = 10_000;

export type DonationAmountRefusal =
  | "donation_amount_invalid"
  | "donation_amount_too_small"
  | "donation_amount_too_large";

/** The amount as typed, rounded to two decimals (spec 2 §5), or null when it is not a number. */
export function roundedDonation(amount: number | string): number | null {
  const value = typeof amount === "number" ? amount : Number(amount.trim().replace(",", "."));
  if (typeof amount === "string" && amount.trim() === "") return null;
  if (!Number.isFinite(value)) return null;
  // Shifted in decimal notation: 1.005 * 100 is 100.49999… in binary, but '1.005e2' is 100.5. Tiny or
  // huge numbers print with their own exponent and are far outside the bounds anyway.
  const rounded =
    Math.abs(value) < 1e-6 || Math.abs(value) > 1e15
      ? value
      : Number(`${Math.round(Number(`${value}e2`))}e-2`);
  return Number.isFinite(rounded) ? rounded : null;
}

/** Why an amount cannot be given, or null. */
export function donationAmountRefusal(amount: number | string): DonationAmountRefusal | null {
  const value = roundedDonation(amount);
  if (value === null) return "donation_amount_invalid";
  if (value < DONATION_MIN_MAJOR) return "donation_amount_too_small";
  if (value > DONATION_MAX_MAJOR) return "donation_amount_too_large";
  return null;
}

/** Spec 2 §5: the amount in cents (an amount donationAmountRefusal accepted). */
export function donationCents(amount: number | string): number {
  return Math.round(Number(`${roundedDonation(amount) ?? 0}e2`));
}
