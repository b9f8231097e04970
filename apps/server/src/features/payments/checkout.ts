import { createHash, randomBytes } from "node:crypto";
import {
  BadRequest,
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_MAX_AMOUNT_CENTS,
  Conflict,
  type CreateCheckoutSessionInput,
  type CreateCheckoutSessionResponse,
  orderTotalCents,
  slidingPriceRefusal,
} from "@onstage/domain";
import { CHECKOUT_SESSION_ID_TEMPLATE } from "../../platform/payments/gateway";
import { eventPayee } from "./account/queries";
import {
  findCheckoutEvent,
  type PendingRegistration,
  setCheckoutSessionId,
  upsertCheckoutTransaction,
} from "./queries";
import { type SettleDeps, settleSession } from "./settle";

/** Retries without a client nonce within this bucket reuse one checkout session. */
const IDEMPOTENCY_BUCKET_MS = 60_000;

export interface CheckoutDeps extends SettleDeps {
  publicUrl: string;
  clock: () => Date;
}

/**
 * Spec 1 §7 create-checkout-session: the amount is the server's (ticket price, sliding choice within its
 * bounds, coupon); the seat and the coupon use are held while the buyer pays; a zero total registers at
 * once and answers `url: null`.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  userId: number,
  input: CreateCheckoutSessionInput,
): Promise<CreateCheckoutSessionResponse> {
  const { db, registration: registrar } = deps;
  const now = deps.clock().getTime();
  const admission = await registrar.admitToCheckout(userId, {
    eventId: input.event_id,
    ticketId: input.ticket_id,
    eventPassword: input.event_password,
    answers: input.custom_registration_field_answers,
  });
  // Already registered: nothing to pay for (a second payment would buy nothing).
  if (!admission) return { url: null };
  const { eventId, ticket } = admission;
  const details = await findCheckoutEvent(db, eventId, ticket.id);
  if (!details) throw BadRequest("invalid_ticket");

  const slidingAmountCents = ticket.price.type === "sliding" ? slidingAmount(input, ticket.price) : null;
  const coupon = input.coupon ? await registrar.usableCoupon(userId, eventId, input.coupon, now) : null;
  const amountCents = orderTotalCents({ ticket, quantity: input.quantity, coupon, slidingAmountCents });
  if (amountCents > CHECKOUT_MAX_AMOUNT_CENTS) throw BadRequest("amount_too_large");

  const registration: PendingRegistration = {
    event_id: eventId,
    ticket_id: ticket.id,
    custom_registration_field_answers: input.custom_registration_field_answers,
    ...(input.coupon ? { coupon_code: input.coupon } : {}),
    ...(input.event_password !== undefined ? { event_password: input.event_password } : {}),
    ...(slidingAmountCents !== null ? { ticket_cost: slidingAmountCents } : {}),
    ...(input.clip_id !== undefined ? { clip_id: input.clip_id } : {}),
    ...utmOf(input),
  };
  if (amountCents === 0) {
    await registrar.register(userId, registration);
    return { url: null };
  }

  const idempotencyKey = checkoutKey({ userId, input, amountCents, couponId: coupon?.id ?? null, now });
  const transaction = await db.transaction(async (tx) => {
    // Checkouts and registrations of one event take turns under the event lock, so the last seats and
    // coupon uses are handed out once.
    await registrar.holdSeat(tx, {
      eventId,
      userId,
      coupon,
      bypassesSeatLimit: admission.bypassesSeatLimit,
      now,
    });
    return upsertCheckoutTransaction(tx, {
      provider: deps.gateway.kind,
      userId,
      eventId,
      ticketId: ticket.id,
      couponId: coupon?.id ?? null,
      quantity: input.quantity,
      amountCents,
      currency: details.currency,
      clientReferenceId: `ref_${randomBytes(16).toString("hex")}`,
      idempotencyKey,
      registrationInput: registration,
    });
  });
  if (transaction.status === "paid" && transaction.checkoutSessionId) {
    // A retry after paying: make sure the registration exists, then there is nothing to pay.
    const session = await deps.gateway.retrieveCheckoutSession(transaction.checkoutSessionId);
    if (session) await settleSession(deps, session);
    return { url: null };
  }
  if (transaction.status !== "pending") throw Conflict("checkout_session_invalid");
  return { url: await openSession(deps, eventId, details, transaction, input.quantity) };
}

function slidingAmount(
  input: CreateCheckoutSessionInput,
  price: { value: number; maxValue: number },
): number {
  const amount = input.ticket_cost ?? null;
  const refusal = slidingPriceRefusal(amount, price);
  if (refusal) throw BadRequest(refusal);
  // Spec 1 §7 allowZeroDonation: a zero amount counts only when the buyer chose it on purpose.
  if (amount === 0 && !input.allowZeroDonation) throw BadRequest("sliding_amount_required");
  return amount ?? 0;
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
function utmOf(input: CreateCheckoutSessionInput): Partial<Record<(typeof UTM_KEYS)[number], string>> {
  const utm: Partial<Record<(typeof UTM_KEYS)[number], string>> = {};
  for (const key of UTM_KEYS) {
    const value = input[key];
    if (value) utm[key] = value;
  }
  return utm;
}

/** One key per user, order and attempt: the client's nonce, else the minute the request came in. */
function checkoutKey(k: {
  userId: number;
  input: CreateCheckoutSessionInput;
  amountCents: number;
  couponId: number | null;
  now: number;
}): string {
  const attempt = k.input.nonce ?? `t${Math.floor(k.now / IDEMPOTENCY_BUCKET_MS)}`;
  const parts = [
    k.userId,
    k.input.event_id,
    k.input.ticket_id,
    k.input.quantity,
    k.amountCents,
    k.couponId,
    attempt,
  ];
  return `onstage_checkout_${createHash("sha256").update(parts.join("|")).digest("hex")}`;
}

async function openSession(
  deps: CheckoutDeps,
  eventId: number,
  details: { title: string; eventCode: string; ticketTitle: string },
  transaction: {
    id: number;
    amountCents: number;
    currency: string;
    clientReferenceId: string;
    createdAt: Date;
  },
  quantity: number,
): Promise<string> {
  const eventUrl = `${deps.publicUrl}/c/${encodeURIComponent(details.eventCode)}`;
  try {
    const session = await deps.gateway.createCheckoutSession({
      amountCents: transaction.amountCents,
      currency: transaction.currency,
      description: `${details.title} — ${details.ticketTitle}${quantity > 1 ? ` × ${quantity}` : ""}`,
      successUrl: `${eventUrl}?checkout=success&stripe_checkout_session_id=${CHECKOUT_SESSION_ID_TEMPLATE}`,
      cancelUrl: `${eventUrl}?checkout=cancelled`,
      clientReferenceId: transaction.clientReferenceId,
      metadata: {
        transaction_id: String(transaction.id),
        event_id: String(eventId),
        event_title: details.title.slice(0, 200),
        ticket_title: details.ticketTitle.slice(0, 200),
        quantity: String(quantity),
      },
      // From the row, not the clock: a retried request sends identical parameters, as Stripe requires.
      expiresAt: new Date(transaction.createdAt.getTime() + CHECKOUT_HOLD_MINUTES * 60_000),
      idempotencyKey: `onstage_tx_${transaction.id}`,
      // Issue 25 §4: ticket income goes to the channel's connected account, when it has one.
      destinationAccountId: await eventPayee(deps.db, eventId),
    });
    await setCheckoutSessionId(deps.db, transaction.id, session.id);
    return session.url;
  } catch (error) {
    deps.log.error({ err: error, transactionId: transaction.id }, "checkout session not created");
    throw Conflict("payments_unavailable");
  }
}
