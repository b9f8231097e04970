import {
  type CheckoutOutcome,
  type RegisterInput,
  type TransactionStatus,
  transactionStatusAfter,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { tellPeopleChanged } from "../../kernel/access/people-changed";
import type { Database, Queryable } from "../../platform/database";
import type { CheckoutSession, PaymentGateway } from "../../platform/payments/gateway";
import { withOutbox } from "../../platform/realtime/outbox";
import type { Publisher } from "../../platform/realtime/port";
import type { RegistrationPort } from "../registration/service";
import { emitWebhookEvent } from "../webhooks/service";
import {
  type CheckoutTransaction,
  findTransaction,
  lockTransactionStatus,
  setTransactionStatus,
} from "./queries";
import { isRefundReported } from "./webhooks/queries";

// Applying a checkout's outcome, whoever reports it: the browser's return, a webhook or the job.

export interface SettleDeps {
  db: Database;
  realtime: Publisher;
  gateway: PaymentGateway;
  registration: RegistrationPort;
  log: FastifyBaseLogger;
}

/**
 * Moves the transaction by the domain's rule under a row lock, so concurrent reports apply one after
 * the other and a refund is never overwritten by a payment reported later. A ticket paid or refunded
 * changes the buyer's event page (hasPaidTicket): the event's topic tells every node's cache. A donation
 * paid or refunded changes the team's list of the session's donations.
 */
export async function applyOutcome(
  deps: Pick<SettleDeps, "db" | "realtime">,
  transaction: Pick<
    CheckoutTransaction,
    "id" | "kind" | "userId" | "eventId" | "videoSessionId" | "amountCents" | "currency"
  >,
  outcome: CheckoutOutcome,
  paymentIntentId: string | null,
): Promise<TransactionStatus | null> {
  return withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
    const current = await lockTransactionStatus(tx, transaction.id);
    if (current === null) return null;
    const next = transactionStatusAfter(current, outcome);
    if (next === null) return current;
    await setTransactionStatus(tx, transaction.id, next, paymentIntentId);
    await emitPaymentWebhook(tx, transaction, next);
    if ((current === "paid") === (next === "paid")) return next;
    if (transaction.kind === "ticket")
      await tellPeopleChanged(outbox, [transaction.eventId], transaction.userId);
    else if (transaction.videoSessionId !== null) {
      const videoSessionId = transaction.videoSessionId;
      await outbox.write(
        { kind: "session", id: videoSessionId },
        {
          kind: "broadcast",
          event: "donations.changed",
          payload: { videoSessionId },
        },
      );
    }
    return next;
  });
}

/** Issue 28 §4: a ticket or donation paid, or either refunded, for the channel's webhooks. */
async function emitPaymentWebhook(
  tx: Queryable,
  transaction: Parameters<typeof applyOutcome>[1],
  status: TransactionStatus,
): Promise<void> {
  const type =
    status === "refunded"
      ? "payment.refunded"
      : status !== "paid"
        ? null
        : transaction.kind === "ticket"
          ? "payment.succeeded"
          : "donation.succeeded";
  if (type === null) return;
  await emitWebhookEvent(tx, {
    source: { eventId: transaction.eventId },
    type,
    eventKey: `${transaction.id}:${status}`,
    data: {
      transactionId: transaction.id,
      kind: transaction.kind,
      eventId: transaction.eventId,
      sessionId: transaction.videoSessionId,
      userId: transaction.userId,
      amountCents: transaction.amountCents,
      currency: transaction.currency,
    },
    now: new Date(),
  });
}

/** The provider's amount and currency must be what we asked for: a tampered session pays for nothing. */
const matchesOrder = (t: CheckoutTransaction, s: CheckoutSession) =>
  s.amountTotal === t.amountCents && s.currency?.toUpperCase() === t.currency;

export type Settlement =
  | { kind: "unknown" }
  | { kind: "unpaid"; transaction: CheckoutTransaction }
  | { kind: "refused"; transaction: CheckoutTransaction; status: TransactionStatus | null }
  | { kind: "paid"; transaction: CheckoutTransaction };

/**
 * Records what the provider says about a session and, when it pays for a ticket, registers the buyer.
 * Safe to run any number of times, concurrently: the registration is made once per user and event.
 */
export async function settleSession(deps: SettleDeps, session: CheckoutSession): Promise<Settlement> {
  const { db, gateway } = deps;
  const transaction = await findTransaction(db, {
    provider: gateway.kind,
    checkoutSessionId: session.id,
    clientReferenceId: session.clientReferenceId,
  });
  if (!transaction) return { kind: "unknown" };
  if (session.status === "expired") {
    await applyOutcome(deps, transaction, "expired", null);
    return { kind: "unpaid", transaction };
  }
  if (session.status !== "complete" || session.paymentStatus !== "paid")
    return { kind: "unpaid", transaction };
  if (!matchesOrder(transaction, session)) {
    deps.log.error(
      { transactionId: transaction.id, sessionId: session.id },
      "checkout amount does not match the order",
    );
    return { kind: "refused", transaction, status: await applyOutcome(deps, transaction, "failed", null) };
  }
  const refunded = await isRefundReported(db, gateway.kind, {
    paymentIntentId: session.paymentIntentId,
    clientReferenceId: transaction.clientReferenceId,
  });
  const status = await applyOutcome(
    deps,
    transaction,
    refunded ? "refunded" : "paid",
    session.paymentIntentId,
  );
  if (status !== "paid") return { kind: "refused", transaction, status };
  if (transaction.kind === "ticket") await registerBuyer(deps, transaction, session.id);
  return { kind: "paid", transaction };
}

async function registerBuyer(deps: SettleDeps, t: CheckoutTransaction, sessionId: string): Promise<void> {
  const input: RegisterInput = {
    custom_registration_field_answers: [],
    ...t.registrationInput,
    event_id: t.eventId,
    ticket_id: t.ticketId ?? undefined,
    stripe_checkout_session_id: sessionId,
  };
  try {
    await deps.registration.register(t.userId, input, { transactionId: t.id });
  } catch (error) {
    // Paid but refused (e.g. the host lowered the seat limit meanwhile): the host must refund.
    deps.log.error({ err: error, transactionId: t.id }, "paid checkout could not register the buyer");
    throw error;
  }
}

/** A full refund: by the payment's reference, or remembered for the payment when it is reported. */
export async function settleRefund(
  deps: SettleDeps,
  keys: { paymentIntentId: string | null; clientReferenceId: string | null },
): Promise<"refunded" | "unmatched"> {
  const transaction = await findTransaction(deps.db, { provider: deps.gateway.kind, ...keys });
  if (!transaction) return "unmatched";
  await applyOutcome(deps, transaction, "refunded", keys.paymentIntentId);
  return "refunded";
}
