import { formatMoney } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml, TEST_PAGE_HEADERS, TEST_PAGE_STYLE } from "../../http/html";
import {
  TEST_CHECKOUT_PATH,
  type TestCheckoutPage,
  type TestGateway,
} from "../../platform/payments/test-gateway";

// The embedded test gateway's hosted checkout page (issue 5 item 4): server-rendered, outside the app.
// Its forms post outside /api (no CSRF header); the Pay form carries the session's own random token.

const Params = z.object({ sessionId: z.string().min(1).max(255) });
const PayForm = z.object({ form_token: z.string().min(1).max(200) });

function checkoutPage(page: TestCheckoutPage): string {
  const amount = escapeHtml(formatMoney(page.amountCents, page.currency));
  const action = `${TEST_CHECKOUT_PATH}/${encodeURIComponent(page.id)}`;
  const body =
    page.status === "open"
      ? `<div class="actions">
<form method="post" action="${action}/pay"><input type="hidden" name="form_token" value="${escapeHtml(page.formToken)}">
<button class="pay" type="submit">Pay ${amount} (test)</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>`
      : `<p role="status">This checkout is ${page.status === "complete" ? "already paid" : "expired"}.</p>
<p><a href="${escapeHtml(page.cancelUrl)}">Back to the event</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Test checkout — ${amount}</title>
<style>${TEST_PAGE_STYLE}</style></head>
<body><main>
<p class="test-mode" role="note">TEST MODE — no real payment</p>
<h1>Checkout</h1>
<p>This is Onstage's built-in test gateway. No card is asked for and no money moves; set STRIPE_SECRET_KEY
and STRIPE_WEBHOOK_SECRET to take real payments.</p>
<dl><dt>Event</dt><dd>${escapeHtml(page.metadata.event_title ?? page.description)}</dd>
<dt>Ticket</dt><dd>${escapeHtml(page.metadata.ticket_title ?? "")}${page.metadata.quantity && page.metadata.quantity !== "1" ? ` × ${escapeHtml(page.metadata.quantity)}` : ""}</dd>
<dt>Amount</dt><dd>${amount}</dd></dl>
${body}
</main></body></html>
`;
}

const notFound = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout not found</title>
<style>${TEST_PAGE_STYLE}</style></head><body><main><p class="test-mode" role="note">TEST MODE — no real payment</p>
<h1>Checkout not found</h1><p>This test checkout does not exist.</p></main></body></html>`;

export function testCheckoutRoutes(gateway: TestGateway): FastifyPluginAsyncZod {
  return async (app) => {
    // Plain HTML forms post urlencoded bodies; this parser is scoped to these routes.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get(
      `${TEST_CHECKOUT_PATH}/:sessionId`,
      { schema: { hide: true, params: Params } },
      async (req, reply) => {
        const page = await gateway.page(req.params.sessionId);
        reply.headers(TEST_PAGE_HEADERS).type("text/html; charset=utf-8");
        return page ? reply.send(checkoutPage(page)) : reply.code(404).send(notFound);
      },
    );

    app.post(
      `${TEST_CHECKOUT_PATH}/:sessionId/pay`,
      { schema: { hide: true, params: Params, body: PayForm } },
      async (req, reply) => {
        const next = await gateway.pay(req.params.sessionId, req.body.form_token);
        if (!next)
          return reply.code(403).headers(TEST_PAGE_HEADERS).type("text/html; charset=utf-8").send(notFound);
        return reply.redirect(next, 303);
      },
    );

    app.post(
      `${TEST_CHECKOUT_PATH}/:sessionId/cancel`,
      { schema: { hide: true, params: Params } },
      async (req, reply) => {
        const page = await gateway.page(req.params.sessionId);
        if (!page)
          return reply.code(404).headers(TEST_PAGE_HEADERS).type("text/html; charset=utf-8").send(notFound);
        return reply.redirect(page.cancelUrl, 303);
      },
    );
  };
}
