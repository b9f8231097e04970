import { AppliedCoupon, type CustomAnswers } from "@onstage/domain";
import { z } from "zod";
import type { Order } from "./order";

// The card checkout leaves the page (spec 1 §4). What the registration still needs when the buyer comes
// back (the answers and the event password, which the server checks again) and what the ticket
// options showed (for a cancelled or invalid checkout) wait in this tab's session storage.

const PendingCheckout = z.object({
  answers: z.record(z.string(), z.string()),
  eventPassword: z.string().nullable(),
  order: z.object({
    ticketId: z.number().int().nullable(),
    quantity: z.number().int().positive(),
    amountText: z.string(),
    couponCode: z.string(),
    coupon: AppliedCoupon.nullable(),
  }),
  /** The page's query string at checkout: its utm and clip parameters (spec 1 §2). */
  search: z.string(),
});

export interface PendingCheckout {
  answers: CustomAnswers;
  eventPassword: string | null;
  order: Order;
  search: string;
}

const key = (eventId: number) => `onstage:pending-checkout:${eventId}`;

export function savePendingCheckout(eventId: number, pending: PendingCheckout) {
  try {
    window.sessionStorage.setItem(key(eventId), JSON.stringify(pending));
  } catch {
    // Storage can be full or disabled; the return then asks for the answers again.
  }
}

export function readPendingCheckout(eventId: number): PendingCheckout | null {
  try {
    const parsed = PendingCheckout.safeParse(
      JSON.parse(window.sessionStorage.getItem(key(eventId)) ?? "null"),
    );
    if (!parsed.success) return null;
    const answers: Record<number, string> = {};
    for (const [id, answer] of Object.entries(parsed.data.answers)) answers[Number(id)] = answer;
    return { ...parsed.data, answers };
  } catch {
    return null;
  }
}

export function forgetPendingCheckout(eventId: number) {
  try {
    window.sessionStorage.removeItem(key(eventId));
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}
