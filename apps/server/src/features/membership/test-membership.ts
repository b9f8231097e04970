import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { formatMoney, slidingAmountToCents } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { escapeHtml, TEST_PAGE_HEADERS, TEST_PAGE_STYLE } from "../../http/html";
import type { Queryable } from "../../platform/database";
import { findTestPledge, saveTestPledge } from "../../platform/membership/queries";
import { TEST_MEMBERSHIP_PATH } from "../../platform/membership/test-gate";
import type { GatedEvent } from "./queries";
import type { MembershipService } from "./service";

// The test-mode membership gate's page (issue 5 item 5): a signed-in user picks a pretend monthly
// pledge to the channel. Outside /api, so its form carries a token bound to the user and event.

/** $1,000,000.00 a month is pretend money enough. */
const MAX_PLEDGE_CENTS = 100_000_000;
const Query = z.object({ event_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const PledgeForm = z.object({
  event_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  amount: z.string().max(20),
  form_token: z.string().min(1).max(200),
});

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${TEST_PAGE_STYLE}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.5rem;margin-top:.25rem}
.error{color:#b91c1c}</style></head>
<body><main><p class="test-mode" role="note">TEST MODE — no real membership</p>
${body}</main></body></html>
`;
}

function pledgePage(event: GatedEvent, pledge: number | null, token: string, error?: string): string {
  const money = (cents: number) => escapeHtml(formatMoney(cents, event.currency));
  const eventUrl = `/c/${encodeURIComponent(event.eventCode)}`;
  return page(
    "Test membership",
    `<h1>Test membership</h1>
<p>Onstage's built-in membership gate: pick the monthly pledge you pretend to make to this channel. No
money moves; set PATREON_CLIENT_ID and PATREON_CLIENT_SECRET to check real Patreon memberships.</p>
<dl><dt>Event</dt><dd>${escapeHtml(event.title)}</dd>
<dt>Tier needed</dt><dd>${event.tierAmountCents === null ? "none" : `${money(event.tierAmountCents)} a month`}</dd>
<dt>Your pledge</dt><dd>${pledge === null ? "none yet" : `${money(pledge)} a month`}</dd></dl>
<form method="post" action="${TEST_MEMBERSHIP_PATH}">
<input type="hidden" name="event_id" value="${event.id}"><input type="hidden" name="form_token" value="${escapeHtml(token)}">
<label for="amount">Monthly pledge (${escapeHtml(event.currency)})</label>
<input id="amount" name="amount" inputmode="decimal" required value="${pledge === null ? "" : (pledge / 100).toFixed(2)}"${error ? ' aria-invalid="true" aria-describedby="amount-error"' : ""}>
${error ? `<p id="amount-error" class="error">${escapeHtml(error)}</p>` : ""}
<div class="actions"><button class="pay" type="submit">Save pledge (test)</button></div></form>
<p><a href="${eventUrl}">Back to the event</a></p>`,
  );
}

export function testMembershipRoutes(db: Queryable, membership: MembershipService): FastifyPluginAsyncZod {
  // Bound to this process: a form opened before a restart asks to be reloaded, which is fine in test mode.
  const secret = randomBytes(32);
  const tokenFor = (userId: number, eventId: number) =>
    createHmac("sha256", secret).update(`${userId}:${eventId}`).digest("base64url");
  const sameToken = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get(TEST_MEMBERSHIP_PATH, { schema: { hide: true, querystring: Query } }, async (req, reply) => {
      reply.headers(TEST_PAGE_HEADERS).type("text/html; charset=utf-8");
      const event = await membership.visibleEvent(req.query.event_id);
      const userId = req.viewerUserId;
      if (userId === null) {
        return reply
          .code(401)
          .send(
            page(
              "Sign in",
              `<h1>Test membership</h1><p>Please sign in first.</p><p><a href="/c/${encodeURIComponent(event.eventCode)}">Back to the event</a></p>`,
            ),
          );
      }
      const pledge = await findTestPledge(db, userId, event.organizationId);
      return reply.send(pledgePage(event, pledge, tokenFor(userId, event.id)));
    });

    app.post(TEST_MEMBERSHIP_PATH, { schema: { hide: true, body: PledgeForm } }, async (req, reply) => {
      reply.headers(TEST_PAGE_HEADERS).type("text/html; charset=utf-8");
      const userId = req.viewerUserId;
      const event = await membership.visibleEvent(req.body.event_id);
      if (userId === null || !sameToken(req.body.form_token, tokenFor(userId, event.id))) {
        return reply
          .code(403)
          .send(
            page("Expired", "<h1>Test membership</h1><p>This form has expired. Please reload the page.</p>"),
          );
      }
      const cents = slidingAmountToCents(req.body.amount);
      if (cents === null || cents > MAX_PLEDGE_CENTS) {
        const pledge = await findTestPledge(db, userId, event.organizationId);
        const error = `Please enter an amount from 0 to ${formatMoney(MAX_PLEDGE_CENTS, event.currency)}`;
        return reply.code(400).send(pledgePage(event, pledge, tokenFor(userId, event.id), error));
      }
      await saveTestPledge(db, userId, event.organizationId, cents);
      // Spec 1 §2 `patreon` parameter: the event page reopens the membership step.
      return reply.redirect(`/c/${encodeURIComponent(event.eventCode)}?patreon=true`, 303);
    });
  };
}
