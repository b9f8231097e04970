import {
  ConnectPaymentAccountResponse,
  PaymentAccount,
  PaymentAccountQuery,
  PaymentAccountRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { PaymentAccountService } from "./service";

const tags = ["payments"];

/** Issue 25 §4: the channel's payment account, for its owner and admins. */
export function paymentAccountRoutes(accounts: PaymentAccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/payments/account",
      {
        schema: {
          tags,
          summary: "The channel's payment account and its status",
          querystring: PaymentAccountQuery,
          response: { 200: PaymentAccount },
        },
      },
      async (req) => accounts.read(requireViewer(req), req.query.org_id),
    );

    app.post(
      "/api/payments/account/connect",
      {
        schema: {
          tags,
          summary: "Connect a payment account: where its onboarding is finished",
          body: PaymentAccountRequest,
          response: { 200: ConnectPaymentAccountResponse },
        },
      },
      async (req) => ({ url: await accounts.connect(requireViewer(req), req.body.org_id) }),
    );

    app.post(
      "/api/payments/account/disconnect",
      {
        schema: {
          tags,
          summary: "Disconnect the channel's payment account (it takes no more payments)",
          body: PaymentAccountRequest,
          response: { 200: PaymentAccount },
        },
      },
      async (req) => accounts.disconnect(requireViewer(req), req.body.org_id),
    );
  };
}
