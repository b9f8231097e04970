import {
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  HasPaidRequest,
  HasPaidResponse,
  ValidateCheckoutSessionRequest,
  ValidateCheckoutSessionResponse,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import { reachableEventHook } from "../../kernel/unlisted/grants";
import type { Queryable } from "../../platform/database";
import type { TestGateway } from "../../platform/payments/test-gateway";
import { paymentAccountRoutes } from "./account/routes";
import type { PaymentAccountService } from "./account/service";
import { donationRoutes } from "./donations/routes";
import type { DonationsService } from "./donations/service";
import type { PaymentsService } from "./service";
import { testCheckoutRoutes } from "./test-checkout";

// Spec 1 §7 `/api/{card-provider}/…`: the card provider's path segment is `payments` (docs/decisions.md).

export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";
const tags = ["payments"];
/** Stripe's events are a few kilobytes; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export function paymentRoutes(
  services: { payments: PaymentsService; donations: DonationsService; accounts: PaymentAccountService },
  testGateway: TestGateway | null,
  db: Queryable,
): FastifyPluginAsyncZod {
  const { payments } = services;
  return async (app) => {
    app.addHook("onClose", async () => payments.drain());
    app.addHook("preHandler", reachableEventHook(db));

    app.post(
      "/api/payments/create-checkout-session",
      {
        schema: {
          tags,
          body: CreateCheckoutSessionRequest,
          response: { 200: CreateCheckoutSessionResponse },
        },
      },
      async (req) => payments.createCheckoutSession(requireViewer(req), req.body),
    );

    app.post(
      "/api/payments/validate-checkout-session",
      {
        schema: {
          tags,
          body: ValidateCheckoutSessionRequest,
          response: { 200: ValidateCheckoutSessionResponse },
        },
      },
      async (req) => ({ is_valid: await payments.validateCheckoutSession(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/transactions/has-paid",
      { schema: { tags, body: HasPaidRequest, response: { 200: HasPaidResponse } } },
      async (req) => ({
        has_paid: await payments.hasPaid(requireViewer(req), req.body.user_id, req.body.event_id),
      }),
    );

    // The signature covers the exact bytes sent, so this route alone keeps the body as a Buffer.
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser(
        "*",
        { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
        (_req, body, done) => done(null, body),
      );
      hook.post(
        STRIPE_WEBHOOK_PATH,
        {
          schema: {
            tags,
            summary: "Stripe webhook (signed)",
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (req) => {
          const signature = req.headers["stripe-signature"];
          const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          await payments.receiveWebhook(body, typeof signature === "string" ? signature : undefined);
          return { received: true as const };
        },
      );
    });

    await app.register(donationRoutes(services.donations));
    await app.register(paymentAccountRoutes(services.accounts));
    if (testGateway) await app.register(testCheckoutRoutes(testGateway));
  };
}
