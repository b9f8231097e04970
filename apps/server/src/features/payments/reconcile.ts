import { CHECKOUT_HOLD_MINUTES } from "@onstage/domain";
import type { WebhookOutcome } from "../../platform/payments/gateway";
import { setChargesEnabled } from "./account/queries";
import { listStalePending } from "./queries";
import { applyOutcome, type SettleDeps, settleRefund, settleSession } from "./settle";
import { listUnprocessedWebhooks, markWebhookProcessed } from "./webhooks/queries";

/** Issue 5 item 7: a checkout still pending this long asks the provider (its webhook never came). */
export const RECONCILE_AFTER_MINUTES = 10;
export const RECONCILE_INTERVAL_MS = 5 * 60_000;

/** What a verified webhook (or its stored copy) does. */
export async function processStoredOutcome(deps: SettleDeps, outcome: WebhookOutcome): Promise<void> {
  switch (outcome.kind) {
    case "checkout_completed":
    case "checkout_expired": {
      // The provider's current word, not the event's snapshot: events arrive late and out of order.
      const session = (await deps.gateway.retrieveCheckoutSession(outcome.session.id)) ?? outcome.session;
      await settleSession(deps, session);
      return;
    }
    case "refunded":
      if ((await settleRefund(deps, outcome)) === "unmatched") {
        // Kept on the webhook row: the payment, when it is reported, finds it and stays refunded.
        deps.log.warn({ paymentIntentId: outcome.paymentIntentId }, "refund for a payment not seen yet");
      }
      return;
    case "account_updated":
      await setChargesEnabled(deps.db, outcome.account.id, outcome.account.chargesEnabled);
      return;
    case "ignored":
      return;
  }
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  closed: number;
  webhooks: number;
}

export async function reconcile(deps: SettleDeps): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: 0, closed: 0, webhooks: 0 };
  for (const t of await listStalePending(deps.db, deps.gateway.kind, RECONCILE_AFTER_MINUTES)) {
    report.checked += 1;
    try {
      const session = t.checkoutSessionId
        ? await deps.gateway.retrieveCheckoutSession(t.checkoutSessionId)
        : null;
      if (session) {
        const settled = await settleSession(deps, session);
        if (settled.kind === "paid") report.paid += 1;
        if (session.status === "expired") report.closed += 1;
      } else if (Date.now() - t.createdAt.getTime() > (CHECKOUT_HOLD_MINUTES + 5) * 60_000) {
        // No session was ever made (the provider failed) or the provider forgot it: nothing can be paid.
        await applyOutcome(deps, t, "failed", null);
        report.closed += 1;
      }
    } catch (error) {
      deps.log.warn({ err: error, transactionId: t.id }, "checkout reconciliation failed");
    }
  }
  for (const w of await listUnprocessedWebhooks(deps.db, deps.gateway.kind)) {
    report.webhooks += 1;
    let error: string | null = null;
    try {
      if (w.outcome === "refunded") await settleRefund(deps, w);
      else if (w.checkoutSessionId) {
        const session = await deps.gateway.retrieveCheckoutSession(w.checkoutSessionId);
        if (session) await settleSession(deps, session);
      }
    } catch (e) {
      error = e instanceof Error ? e.message.slice(0, 500) : "processing failed";
    }
    await markWebhookProcessed(deps.db, deps.gateway.kind, w.id, error);
  }
  return report;
}
