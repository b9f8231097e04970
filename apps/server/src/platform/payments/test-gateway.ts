import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../database";
import {
  CHECKOUT_SESSION_ID_TEMPLATE,
  type CheckoutPaymentStatus,
  type CheckoutSession,
  type CheckoutStatus,
  type PaymentGateway,
} from "./gateway";

export const TEST_CHECKOUT_PATH = "/payments/test-checkout";

interface Row {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string;
  metadata: Record<string, string>;
  form_token: string;
  status: CheckoutStatus;
  payment_status: CheckoutPaymentStatus;
  expired: boolean;
}

/** What the TEST MODE checkout page shows and posts. */
export interface TestCheckoutPage {
  id: string;
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  formToken: string;
  status: CheckoutStatus;
  cancelUrl: string;
}

export interface TestGateway extends PaymentGateway {
  kind: "test";
  page(id: string): Promise<TestCheckoutPage | null>;
  /** Marks an open session paid; returns where the buyer goes next, or null for a wrong token. */
  pay(id: string, formToken: string): Promise<string | null>;
}

const SELECT = `SELECT id, amount_cents, currency, description, success_url, cancel_url, client_reference_id,
  metadata, form_token, status, payment_status, (status = 'open' AND expires_at <= now()) AS expired
  FROM test_checkout_sessions`;

const withId = (url: string, id: string) =>
  url.replaceAll(CHECKOUT_SESSION_ID_TEMPLATE, encodeURIComponent(id));
const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function toSession(row: Row): CheckoutSession {
  return {
    id: row.id,
    status: row.expired ? "expired" : row.status,
    paymentStatus: row.payment_status,
    amountTotal: row.amount_cents,
    currency: row.currency,
    clientReferenceId: row.client_reference_id,
    metadata: row.metadata,
    paymentIntentId: row.payment_status === "paid" ? `test_pi_${row.id}` : null,
  };
}

/** The embedded default: a checkout that takes no money, kept in the app's own database. */
export function testGateway(db: Database, publicUrl: string): TestGateway {
  const find = async (id: string) => (await db.query<Row>(`${SELECT} WHERE id = $1`, [id]))[0] ?? null;
  return {
    kind: "test",
    async createCheckoutSession(input) {
      const id = `test_cs_${randomBytes(18).toString("base64url").replaceAll("-", "A").replaceAll("_", "B")}`;
      // Idempotent like Stripe: the same key returns the session it first made.
      await db.query(
        `INSERT INTO test_checkout_sessions (id, amount_cents, currency, description, success_url, cancel_url,
           client_reference_id, metadata, idempotency_key, form_token, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          id,
          input.amountCents,
          input.currency,
          input.description,
          input.successUrl,
          input.cancelUrl,
          input.clientReferenceId,
          JSON.stringify(input.metadata),
          input.idempotencyKey,
          randomBytes(24).toString("base64url"),
          input.expiresAt,
        ],
      );
      const [row] = await db.query<{ id: string }>(
        "SELECT id FROM test_checkout_sessions WHERE idempotency_key = $1",
        [input.idempotencyKey],
      );
      if (!row) throw new Error("test checkout session not stored");
      return { id: row.id, url: `${publicUrl}${TEST_CHECKOUT_PATH}/${row.id}` };
    },
    async retrieveCheckoutSession(id) {
      const row = await find(id);
      return row ? toSession(row) : null;
    },
    parseWebhook() {
      // The test gateway completes sessions in-process; nothing outside may post as it.
      throw new Error("the test gateway sends no webhooks");
    },
    async page(id) {
      const row = await find(id);
      if (!row) return null;
      const session = toSession(row);
      return {
        id: row.id,
        amountCents: row.amount_cents,
        currency: row.currency,
        description: row.description,
        metadata: row.metadata,
        formToken: row.form_token,
        status: session.status,
        cancelUrl: withId(row.cancel_url, row.id),
      };
    },
    async pay(id, formToken) {
      const row = await find(id);
      if (!row || !sameToken(row.form_token, formToken)) return null;
      if (row.expired || row.status === "expired") return withId(row.cancel_url, row.id);
      await db.query(
        `UPDATE test_checkout_sessions SET status = 'complete', payment_status = 'paid'
         WHERE id = $1 AND status = 'open'`,
        [id],
      );
      return withId(row.success_url, row.id);
    },
  };
}
