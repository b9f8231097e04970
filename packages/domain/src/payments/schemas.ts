import { z } from "zod";
import { CustomRegistrationFieldAnswer } from "../registration/schemas";
import { Id } from "../wire";

// Wire shapes of card checkout (spec 1 §7 `/api/{card-provider}/…`; the card provider path is
// `payments`, docs/decisions.md "Payments and membership"). Request names are the spec's payload names.

/** Issue 5: one checkout buys 1..10 tickets. */
export const CHECKOUT_MAX_QUANTITY = 10;
/** Upper bound of any amount on the wire: $1,000,000.00 (Stripe's own limit is lower than this). */
export const CHECKOUT_MAX_AMOUNT_CENTS = 100_000_000;
const UTM_MAX_CHARS = 200;
const MAX_ANSWERS = 100;

const Utm = z.string().trim().max(UTM_MAX_CHARS).optional();
/** Test gateway ids are `test_cs_…`; Stripe's are `cs_test_…` / `cs_live_…`. */
export const CheckoutSessionId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/);

export const CreateCheckoutSessionRequest = z
  .object({
    event_id: Id,
    ticket_id: Id,
    quantity: z.number().int().min(1).max(CHECKOUT_MAX_QUANTITY).default(1),
    /** Sliding tickets only: the amount the buyer chose, in cents; ignored for fixed and free tickets. */
    ticket_cost: z.number().int().nonnegative().max(CHECKOUT_MAX_AMOUNT_CENTS).optional(),
    /** A coupon code (spec 1 §7 `coupon`). */
    coupon: z.string().trim().min(1).max(64).optional(),
    allowZeroDonation: z.boolean().optional(),
    custom_registration_field_answers: z.array(CustomRegistrationFieldAnswer).max(MAX_ANSWERS).default([]),
    event_password: z.string().max(200).optional(),
    /**
     * The client's attempt id: a retried request with the same nonce reuses the same checkout session.
     * Without it the server buckets retries by minute.
     */
    nonce: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    clip_id: Id.optional(),
    utm_source: Utm,
    utm_medium: Utm,
    utm_campaign: Utm,
    utm_term: Utm,
    utm_content: Utm,
  })
  .strict();
export type CreateCheckoutSessionRequest = z.input<typeof CreateCheckoutSessionRequest>;
export type CreateCheckoutSessionInput = z.output<typeof CreateCheckoutSessionRequest>;

/** Spec 1 §7: `url` to redirect to; null when the order was free and the registration is confirmed. */
export const CreateCheckoutSessionResponse = z.object({ url: z.string().nullable() });
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponse>;

export const ValidateCheckoutSessionRequest = z
  .object({ event_id: Id, stripe_checkout_session_id: CheckoutSessionId, org_id: Id.optional() })
  .strict();
export type ValidateCheckoutSessionRequest = z.infer<typeof ValidateCheckoutSessionRequest>;
export const ValidateCheckoutSessionResponse = z.object({ is_valid: z.boolean() });
export type ValidateCheckoutSessionResponse = z.infer<typeof ValidateCheckoutSessionResponse>;

export const HasPaidRequest = z.object({ user_id: Id, event_id: Id }).strict();
export type HasPaidRequest = z.infer<typeof HasPaidRequest>;
export const HasPaidResponse = z.object({ has_paid: z.boolean() });
export type HasPaidResponse = z.infer<typeof HasPaidResponse>;

/** Query parameters the checkout returns to the event page with (spec 1 §2, §4). */
export const CheckoutReturn = z.enum(["success", "cancelled"]);
export type CheckoutReturn = z.infer<typeof CheckoutReturn>;
