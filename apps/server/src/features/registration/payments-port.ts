import type { CustomRegistrationFieldAnswer, RegisterInput } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { CouponRecord, TicketRecord } from "./pricing/queries";
import type { SeatClaim } from "./seats/seats";

// What the payments feature needs of registration. app.ts hands it in (service.ts registrationPort),
// so payments imports no registration code and registration none of payments.

export type { CouponRecord, SeatClaim, TicketRecord };

/** A checkout that passed the gates of spec 1 §4 a registration would: it may go on to payment. */
export interface CheckoutAdmission {
  eventId: number;
  ticket: TicketRecord;
  bypassesSeatLimit: boolean;
}

export interface RegistrationPort {
  /** registrationService's register: idempotent per user and event. */
  register(userId: number, input: RegisterInput, options?: { transactionId?: number }): Promise<unknown>;
  /**
   * The event is open, the user not banned, the ticket the event's own, the event password right and
   * the answers complete; null when the user is already registered (nothing to pay for).
   */
  admitToCheckout(
    userId: number,
    request: {
      eventId: number;
      ticketId: number;
      eventPassword: string | undefined;
      answers: CustomRegistrationFieldAnswer[];
    },
  ): Promise<CheckoutAdmission | null>;
  /** Spec 1 §5 promo codes, throttled like registration's. */
  usableCoupon(userId: number, eventId: number, code: string, now: number): Promise<CouponRecord>;
  /** Takes the event lock in `tx` and refuses the claim past the seat limit or the coupon's uses. */
  holdSeat(tx: Queryable, claim: SeatClaim): Promise<void>;
  organizationOf(eventId: number): Promise<number | null>;
  /** False for an unknown event. */
  isEventHost(userId: number, eventId: number): Promise<boolean>;
}
