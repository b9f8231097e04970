// Issue 5 payment reliability: what a checkout outcome does to a transaction's status, whatever order
// the browser's return, the webhooks and the reconciliation job report it in.

export type TransactionStatus = "pending" | "paid" | "refunded" | "failed" | "expired";
export type CheckoutOutcome = "paid" | "refunded" | "expired" | "failed";

/**
 * The status after an outcome, or null when the outcome changes nothing. A refund is final: a payment
 * reported after it (webhooks arrive in any order) never turns it back to paid. A paid transaction only
 * moves to refunded; expiry or failure reported late does not undo a payment.
 */
export function transactionStatusAfter(
  current: TransactionStatus,
  outcome: CheckoutOutcome,
): TransactionStatus | null {
  if (current === outcome || current === "refunded") return null;
  if (current === "paid") return outcome === "refunded" ? "refunded" : null;
  // pending, expired or failed: the provider's latest word wins (a payment can complete after we
  // marked the session expired from a stale read).
  if (outcome === "expired" && current === "failed") return null;
  return outcome;
}
