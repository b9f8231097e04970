import { z } from "zod";
import { CUSTOM_ANSWER_MAX_CHARS } from "../constants";
import { CouponType } from "../vocabulary";
import { Id, StoredText } from "../wire";

// Wire shapes of registration, event passwords, coupons and unregistering (spec 1 §5, §7).
// Request field names are the spec's payload names (snake_case); responses are camelCase.

/** Bounds on the wire only; the rules decide what is valid. */
const COUPON_CODE_MAX_CHARS = 64;
const EVENT_PASSWORD_MAX_CHARS = 200;
const UTM_MAX_CHARS = 200;
const MAX_ANSWERS = 100;

const Text = StoredText;
const Utm = Text(UTM_MAX_CHARS).trim().optional();

export const CustomRegistrationFieldAnswer = z
  .object({
    field_id: Id,
    /** multi_select answers are comma-joined (joinMultiSelect); checkbox answers are 'true' or 'false'. */
    answer: Text(CUSTOM_ANSWER_MAX_CHARS),
  })
  .strict();
export type CustomRegistrationFieldAnswer = z.infer<typeof CustomRegistrationFieldAnswer>;

export const RegisterRequest = z
  .object({
    event_id: Id,
    custom_registration_field_answers: z.array(CustomRegistrationFieldAnswer).max(MAX_ANSWERS).default([]),
    ticket_id: Id.optional(),
    coupon_code: Text(COUPON_CODE_MAX_CHARS).trim().min(1).optional(),
    event_password: z.string().max(EVENT_PASSWORD_MAX_CHARS).optional(),
    /** The checkout session that paid for the ticket (test gateway or Stripe). */
    stripe_checkout_session_id: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[A-Za-z0-9_]+$/)
      .optional(),
    /** Sliding tickets only (spec 1 §7 `ticket_cost`): the amount the visitor chose, in cents. */
    ticket_cost: z.number().int().nonnegative().max(100_000_000).optional(),
    clip_id: Id.optional(),
    /**
     * The browser's IANA time zone: mails show session times in it. A zone the server does not know is
     * ignored (the event's zone is used), never a reason to refuse a registration.
     */
    time_zone: Text(64).trim().optional(),
    utm_source: Utm,
    utm_medium: Utm,
    utm_campaign: Utm,
    utm_term: Utm,
    utm_content: Utm,
  })
  .strict();
export type RegisterRequest = z.input<typeof RegisterRequest>;
export type RegisterInput = z.output<typeof RegisterRequest>;

export const Registration = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  ticketId: z.number().int().nullable(),
  amountPaidCents: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type Registration = z.infer<typeof Registration>;

export const RegisterResponse = z.object({ registration: Registration });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const CheckEventPasswordRequest = z
  .object({ event_id: Id, password: z.string().max(EVENT_PASSWORD_MAX_CHARS) })
  .strict();
export type CheckEventPasswordRequest = z.infer<typeof CheckEventPasswordRequest>;
export const CheckEventPasswordResponse = z.object({ passwordCorrect: z.literal(true) });
export type CheckEventPasswordResponse = z.infer<typeof CheckEventPasswordResponse>;

export const ApplyCouponRequest = z
  .object({ coupon_code: Text(COUPON_CODE_MAX_CHARS).trim().min(1), event_id: Id })
  .strict();
export type ApplyCouponRequest = z.infer<typeof ApplyCouponRequest>;
export const AppliedCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  coupon_type: CouponType,
  /** Percent (0-100) or amount in cents. */
  value: z.number().int().nonnegative(),
});
export type AppliedCoupon = z.infer<typeof AppliedCoupon>;
export const ApplyCouponResponse = z.object({ coupon: AppliedCoupon });
export type ApplyCouponResponse = z.infer<typeof ApplyCouponResponse>;

export const UnregisterUserRequest = z
  .object({
    user_to_unregister_id: Id,
    /** Spec 1 §7: event-level only. */
    event_id: Id.optional(),
    organization_id: Id,
    type: z.enum(["event", "channel"]),
  })
  .strict();
export type UnregisterUserRequest = z.infer<typeof UnregisterUserRequest>;
