import type { Queryable } from "../../../platform/database";

// Typed SQL of seats: the event row lock, registration counts and what checkouts in progress hold.

/**
 * Serialises registrations and checkouts of one event: each takes this lock first, so the seat and
 * coupon counts it reads cannot change before it commits.
 */
export async function lockEvent(tx: Queryable, eventId: number): Promise<{ seatLimit: number | null }> {
  const [r] = await tx.query<{ seat_limit: number | null }>(
    "SELECT seat_limit FROM events WHERE id = $1 FOR UPDATE",
    [eventId],
  );
  return { seatLimit: r?.seat_limit ?? null };
}

/** One read under the event lock: how many are registered, and whether this user already is. */
export async function seatState(
  tx: Queryable,
  eventId: number,
  userId: number,
): Promise<{ registeredCount: number; isRegistered: boolean }> {
  const [r] = await tx.query<{ n: number; mine: boolean }>(
    `SELECT count(*)::int AS n, coalesce(bool_or(user_id = $2), false) AS mine
     FROM event_registrations WHERE event_id = $1`,
    [eventId, userId],
  );
  return { registeredCount: r?.n ?? 0, isRegistered: r?.mine ?? false };
}

export async function countCouponRedemptions(db: Queryable, couponId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM event_registrations WHERE coupon_id = $1",
    [couponId],
  );
  return r?.n ?? 0;
}

/**
 * Seats and coupon uses held by other people's checkouts still in progress: pending ones younger than
 * the hold, and paid ones whose registration has not landed yet (each person counted once).
 */
export async function countHolds(
  tx: Queryable,
  by: { eventId: number; userId: number; couponId: number | null; holdMinutes: number },
): Promise<{ seats: number; coupon: number }> {
  const [r] = await tx.query<{ seats: number; coupon: number }>(
    `SELECT count(DISTINCT t.user_id)::int AS seats,
            count(DISTINCT t.user_id) FILTER (WHERE t.coupon_id = $3)::int AS coupon
     FROM transactions t
     WHERE t.event_id = $1 AND t.kind = 'ticket' AND t.user_id <> $2
       AND (t.status = 'paid' OR (t.status = 'pending' AND t.created_at > now() - make_interval(mins => $4)))
       AND NOT EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = t.event_id AND r.user_id = t.user_id)`,
    [by.eventId, by.userId, by.couponId, by.holdMinutes],
  );
  return { seats: r?.seats ?? 0, coupon: r?.coupon ?? 0 };
}
