import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../database";
import {
  CHECKOUT_SESSION_ID_TEMPLATE,
  type CheckoutSession,
  type CheckoutStatus,
  type PaymentGateway,
} from "./gateway";
import type { TestCheckoutRow } from "./queries";
import * as q from "./queries";

export const TEST_CHECKOUT_PATH = "/payments/test-checkout";
/** TEST MODE connected accounts: made at once, onboarding already done, no money moves. */
const TEST_ACCOUNT_PREFIX = "test_acct_";

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

const randomId = () => randomBytes(18).toString("base64url").replaceAll("-", "A").replaceAll("_", "B");
const withId = (url: string, id: string) =>
  url.replaceAll(CHECKOUT_SESSION_ID_TEMPLATE, encodeURIComponent(id));
const sameToken = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function toSession(row: TestCheckoutRow): CheckoutSession {
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
  const find = (id: string) => q.findTestCheckout(db, id);
  return {
    kind: "test",
    async createCheckoutSession(input) {
      const id = `test_cs_${randomId()}`;
      // Idempotent like Stripe: the same key returns the session it first made.
      await q.insertTestCheckout(db, { ...input, id, formToken: randomBytes(24).toString("base64url") });
      const storedId = await q.findTestCheckoutId(db, input.idempotencyKey);
      if (storedId === null) throw new Error("test checkout session not stored");
      return { id: storedId, url: `${publicUrl}${TEST_CHECKOUT_PATH}/${storedId}` };
    },
    async retrieveCheckoutSession(id) {
      const row = await find(id);
      return row ? toSession(row) : null;
    },
    async createConnectedAccount() {
      return { id: `${TEST_ACCOUNT_PREFIX}${randomId()}` };
    },
    async accountOnboardingUrl(_accountId, { returnUrl }) {
      return returnUrl;
    },
    async retrieveConnectedAccount(id) {
      return id.startsWith(TEST_ACCOUNT_PREFIX) ? { id, chargesEnabled: true } : null;
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
      await q.markTestCheckoutPaid(db, id);
      return withId(row.success_url, row.id);
    },
  };
}
