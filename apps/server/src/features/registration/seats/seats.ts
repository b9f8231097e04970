import { BadRequest, CHECKOUT_HOLD_MINUTES, Conflict, couponRefusal, isEventFull } from "@onstage/domain";
import type { Queryable } from "../../../platform/database";
import type { CouponRecord } from "../pricing/queries";
import { countCouponRedemptions, countHolds, lockEvent, seatState } from "./queries";

// Seats and coupon uses, for registrations and the checkouts that hold them while the buyer pays. The
// event row lock is what makes registration exactly-once and the limits exact under concurrency.

export interface SeatClaim {
  eventId: number;
  userId: number;
  /** A coupon the claim uses; its redemptions and holds are counted under the lock. */
  coupon: CouponRecord | null;
  /** Spec 1 §6: a user who may come on stage bypasses seat limits. */
  bypassesSeatLimit: boolean;
  now: number;
}

export interface LockedSeats {
  seatLimit: number | null;
  registeredCount: number;
  isRegistered: boolean;
}

/** Takes the event lock; the counts returned stay true until the transaction ends. */
export async function lockSeats(tx: Queryable, eventId: number, userId: number): Promise<LockedSeats> {
  const { seatLimit } = await lockEvent(tx, eventId);
  return { seatLimit, ...(await seatState(tx, eventId, userId)) };
}

/**
 * Refuses a claim past the seat limit or the coupon's redemptions; seats and coupon uses held by other
 * people's checkouts in progress count as taken.
 */
export async function assertSeatLeft(tx: Queryable, seats: LockedSeats, claim: SeatClaim): Promise<void> {
  const { seatLimit } = seats;
  const { coupon } = claim;
  const holds =
    seatLimit === null && coupon === null
      ? { seats: 0, coupon: 0 }
      : await countHolds(tx, {
          eventId: claim.eventId,
          userId: claim.userId,
          couponId: coupon?.id ?? null,
          holdMinutes: CHECKOUT_HOLD_MINUTES,
        });
  const registeredCount = seats.registeredCount + holds.seats;
  if (isEventFull({ seatLimit, registeredCount, mayComeOnStage: claim.bypassesSeatLimit })) {
    throw Conflict("limit_reached");
  }
  if (coupon) await assertCouponLeft(tx, coupon, claim.now, holds.coupon);
}

/**
 * Inside a transaction holding the event lock this count cannot race another redemption; `held`
 * counts uses held by checkouts in progress.
 */
export async function assertCouponLeft(
  db: Queryable,
  coupon: CouponRecord,
  now: number,
  held = 0,
): Promise<void> {
  const redemptions = (await countCouponRedemptions(db, coupon.id)) + held;
  if (couponRefusal({ ...coupon, redemptions }, now)) throw BadRequest("invalid_coupon");
}

/** A checkout's hold: the seat and coupon use its pending transaction keeps while the buyer pays. */
export async function holdSeat(tx: Queryable, claim: SeatClaim): Promise<void> {
  await assertSeatLeft(tx, await lockSeats(tx, claim.eventId, claim.userId), claim);
}
