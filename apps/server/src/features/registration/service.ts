import type { AppliedCoupon, RegisterInput, UnregisterUserRequest } from "@onstage/domain";
import { admitToCheckout, isEventHost } from "./checkout-gates";
import { assertOpenForRegistration, usableCoupon, verifyEventPassword } from "./gates";
import type { RegistrationPort } from "./payments-port";
import { findEvent, recordMembershipVerification } from "./queries";
import { type RegistrationDeps, register } from "./register";
import { holdSeat } from "./seats/seats";
import { unregister } from "./unregister";

/** What payments may use of registration: the port app.ts hands it (no registration code in payments). */
export type { RegistrationPort } from "./payments-port";
export type { RegisterResult, RegistrationDeps } from "./register";

/** Registration for the routes and for the features that register on a user's behalf. */
export function registrationService(deps: RegistrationDeps) {
  const { db } = deps;
  return {
    /**
     * Registers `userId` for `input.event_id` with every spec 1 rule (ban, password, membership, ticket,
     * coupon, payment, custom answers, seat limit) in one transaction per event, exactly once: calling it
     * again for the same user and event, or racing another call, returns the existing registration with
     * `created: false`. `options.transactionId` names a paid ticket transaction of this user and event
     * (the payments webhook); the browser names it by `input.stripe_checkout_session_id` instead. A paid
     * registration records the transaction's ticket, coupon and amount and is not asked again for the
     * event password or required answers (the checkout checked them); bans and the seat limit still hold.
     * Throws the refusal as an OnstageError (`limit_reached`, `payment_required`, `invalid_coupon`, ...).
     */
    register: (userId: number, input: RegisterInput, options?: { transactionId?: number }) =>
      register(deps, userId, input, options),

    /** Spec 1 §5 event password check for the dialog's password step; throttled per user and event. */
    async checkPassword(userId: number, eventId: number, password: string): Promise<void> {
      const event = await findEvent(db, eventId);
      assertOpenForRegistration(event);
      await verifyEventPassword(db, event, userId, password);
    },

    /** Spec 1 §7 coupons/apply: the coupon the visitor may use on this event. */
    async applyCoupon(userId: number, eventId: number, code: string): Promise<AppliedCoupon> {
      const event = await findEvent(db, eventId);
      assertOpenForRegistration(event);
      const coupon = await usableCoupon(db, { eventId, userId, code, now: deps.clock().getTime() });
      return { id: coupon.id, name: coupon.name, coupon_type: coupon.couponType, value: coupon.value };
    },

    unregister: (actorUserId: number, input: UnregisterUserRequest) => unregister(deps, actorUserId, input),

    /**
     * For the membership gate: records that `userId` passed the membership check of `eventId`; only then
     * does `register` accept them on a membership-gated (patreon) event.
     */
    membershipVerified: (userId: number, eventId: number) =>
      recordMembershipVerification(db, userId, eventId),
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;

/** Registration as the payments feature sees it; app.ts wires it into payments. */
export function registrationPort(deps: RegistrationDeps): RegistrationPort {
  const { db } = deps;
  return {
    register: (userId, input, options) => register(deps, userId, input, options),
    admitToCheckout: (userId, request) => admitToCheckout(db, userId, request),
    usableCoupon: (userId, eventId, code, now) => usableCoupon(db, { eventId, userId, code, now }),
    holdSeat,
    organizationOf: async (eventId) => (await findEvent(db, eventId))?.organizationId ?? null,
    isEventHost: (userId, eventId) => isEventHost(db, userId, eventId),
  };
}
