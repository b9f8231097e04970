// Host dashboard (issue 5 §1): the wire's bounds, one table for every dashboard schema.

/** Bounds on the wire; the rules in dashboard/rules.ts decide the rest. See docs/decisions.md. */
export const DASH_LIMITS = {
  channelNameMinChars: 3,
  channelNameMaxChars: 40,
  channelDescriptionMaxChars: 2_000,
  eventTitleMaxChars: 200,
  eventDescriptionMaxChars: 20_000,
  eventPasswordMaxChars: 200,
  seatLimitMax: 1_000_000,
  /** Issue 28 §5: a Meta pixel ID is digits only (Events Manager shows 15 or 16 today). */
  metaPixelIdMinDigits: 5,
  metaPixelIdMaxDigits: 20,
  sessionTitleMaxChars: 200,
  sessionDescriptionMaxChars: 5_000,
  /** A session lasts at most a day; longer programmes are several sessions. */
  sessionDurationMaxMinutes: 24 * 60,
  ticketTitleMaxChars: 200,
  ticketDescriptionMaxChars: 2_000,
  /** All amounts (ticket prices, amount coupons, membership tiers) are at most $100,000.00. */
  amountMaxCents: 10_000_000,
  couponNameMaxChars: 64,
  couponMaxRedemptions: 1_000_000,
  questionMaxChars: 500,
  questionOptionMaxChars: 200,
  questionMinOptions: 2,
  questionMaxOptions: 50,
  questionsPerEventMax: 50,
  registrationsPageDefault: 50,
  registrationsPageMax: 200,
} as const;
