import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import type { App } from "../app";
import type { Database } from "../platform/database";
import { stripeGateway } from "../platform/payments/stripe-gateway";
import { buildTestApp } from "./app";
import { eventually } from "./payments";
import { StripeStandIn } from "./stripe-stand-in";

// The app on Stripe's SDK against the local stand-in, and Stripe's webhook deliveries signed with the
// SDK's own helper: the Stripe suites' set-up.

const WEBHOOK_SECRET = "whsec_test_standin";
const signer = new Stripe("sk_test_standin").webhooks;

export const signWebhook = (payload: string, timestamp?: number) =>
  signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp ? { timestamp } : {}) });

export function useStripeApp(use: () => Database) {
  const standIn = new StripeStandIn();
  let app: App | undefined;
  beforeAll(async () => {
    const apiBase = await standIn.start();
    app = await buildTestApp(use(), {
      payments: await stripeGateway({ secretKey: "sk_test_standin", webhookSecret: WEBHOOK_SECRET, apiBase }),
    });
  });
  afterAll(async () => {
    await app?.server.close();
    await standIn.stop();
  });
  const current = () => {
    if (!app) throw new Error("app not started");
    return app;
  };
  const webhookRows = async (id: string) =>
    use().query<{ processed_at: Date | null; error: string | null }>(
      "SELECT processed_at, error FROM payment_webhook_events WHERE id = $1",
      [id],
    );
  return {
    standIn,
    app: current,
    server: () => current().server,
    /** Posts a webhook as Stripe does (signed unless told otherwise). */
    deliver: (payload: string, signature = signWebhook(payload)) =>
      current().server.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        payload,
      }),
    webhookRows,
    /** Waits for the webhook's processing, which runs after its 200. */
    processed: (id: string) => eventually(async () => (await webhookRows(id))[0]?.processed_at != null),
  };
}
