import { createHash, randomBytes } from "node:crypto";
import {
  BadRequest,
  CHECKOUT_HOLD_MINUTES,
  type CheckStatusResponse,
  Conflict,
  type CreateDonationLinkRequest,
  type CreateDonationLinkResponse,
  type DonationsResponse,
  donationAmountRefusal,
  donationCents,
  Forbidden,
  NotFound,
} from "@onstage/domain";
import { requireTopicReader } from "../../../kernel/access/topic-access";
import { limitAudienceWrite } from "../../rate-limits/service";
import { eventPayee } from "../account/queries";
import type { CheckoutDeps } from "../checkout";
import { setCheckoutSessionId } from "../queries";
import { settleSession } from "../settle";
import * as q from "./queries";

// Spec 2 §4, §7 donations: a viewer answers a contribution CTA with an amount; the payment opens at the
// card provider in another window; check-status is polled each second until it is paid. A donation is a
// transaction like a ticket's, settled by the same code, so webhook retries and closed tabs count it once.

/** Where the payment window lands; it thanks the viewer and may close itself (the room shows the result). */
export const DONATION_DONE_PATH = "/donations/complete";
/** Retries of one donation (a double click, a lost response) within this bucket make one checkout. */
const IDEMPOTENCY_BUCKET_MS = 60_000;
/**
 * check-status is polled every second; Stripe is asked at most this often per donation (its webhook
 * usually settles it first). The TEST MODE gateway is this database: asked each time.
 */
const PROVIDER_ASK_INTERVAL_MS = 3_000;

export function donationsService(deps: CheckoutDeps) {
  const { db, gateway } = deps;
  const lastAsked = new Map<number, number>();
  const askInterval = gateway.kind === "test" ? 0 : PROVIDER_ASK_INTERVAL_MS;

  /** The provider's word on a pending payment whose webhook has not come (the TEST MODE gateway sends none). */
  async function askProvider(t: { id: number; checkoutSessionId: string | null }, now: number) {
    if (!t.checkoutSessionId || now - (lastAsked.get(t.id) ?? 0) < askInterval) return;
    // Abandoned payments are polled no more: their entries go once they are old.
    if (lastAsked.size > 1_000)
      for (const [id, at] of lastAsked) if (now - at > 10 * PROVIDER_ASK_INTERVAL_MS) lastAsked.delete(id);
    lastAsked.set(t.id, now);
    const session = await gateway.retrieveCheckoutSession(t.checkoutSessionId);
    if (session) await settleSession(deps, session);
  }

  return {
    async createLink(
      viewerUserId: number,
      input: CreateDonationLinkRequest,
    ): Promise<CreateDonationLinkResponse> {
      if (input.user_id !== viewerUserId) throw Forbidden();
      const refusal = donationAmountRefusal(input.donation_amount);
      if (refusal) throw BadRequest(refusal);
      const sessionId = input.video_session_id;
      await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
      const target = await q.findContribution(db, sessionId, input.custom_element_id ?? null);
      if (!target) throw NotFound("contribution_not_found");
      const payee = await eventPayee(db, target.eventId);
      if (!payee) throw Conflict("contributions_unavailable");

      const now = deps.clock().getTime();
      const amountCents = donationCents(input.donation_amount);
      const attempt = Math.floor(now / IDEMPOTENCY_BUCKET_MS);
      const key = [viewerUserId, sessionId, target.elementId, amountCents, target.currency, attempt].join(
        "|",
      );
      const donation = (retryOf: number | null) => ({
        provider: gateway.kind,
        userId: viewerUserId,
        eventId: target.eventId,
        sessionId,
        amountCents,
        currency: target.currency,
        clientReferenceId: `don_${randomBytes(16).toString("hex")}`,
        idempotencyKey: `onstage_donation_${createHash("sha256").update(`${key}|${retryOf}`).digest("hex")}`,
      });
      const transaction = await db.transaction(async (tx) => {
        await limitAudienceWrite(tx, now, { action: "donation", userId: viewerUserId, sessionId });
        const first = await q.upsertDonation(tx, donation(null));
        // The same gift again within the minute after the first was paid or abandoned: a new donation.
        return first.status === "pending" ? first : q.upsertDonation(tx, donation(first.id));
      });
      if (transaction.status !== "pending") throw Conflict("donation_in_progress");
      try {
        const done = `${deps.publicUrl}${DONATION_DONE_PATH}`;
        const session = await gateway.createCheckoutSession({
          amountCents,
          currency: target.currency,
          description: `Contribution to ${target.eventTitle}`.slice(0, 250),
          successUrl: `${done}?status=paid`,
          cancelUrl: `${done}?status=cancelled`,
          clientReferenceId: transaction.clientReferenceId,
          metadata: {
            transaction_id: String(transaction.id),
            kind: "donation",
            event_id: String(target.eventId),
            video_session_id: String(sessionId),
          },
          expiresAt: new Date(transaction.createdAt.getTime() + CHECKOUT_HOLD_MINUTES * 60_000),
          idempotencyKey: `onstage_tx_${transaction.id}`,
          destinationAccountId: payee,
        });
        await setCheckoutSessionId(db, transaction.id, session.id);
        return { donationLink: session.url, client_reference_id: transaction.clientReferenceId };
      } catch (error) {
        deps.log.warn({ err: error, transactionId: transaction.id }, "donation checkout not created");
        throw Conflict("payments_unavailable");
      }
    },

    /** Spec 2 §7 check-status: the viewer's own payment only. */
    async checkStatus(viewerUserId: number, clientReferenceId: string): Promise<CheckStatusResponse> {
      let transaction = await q.findOwnTransaction(db, viewerUserId, clientReferenceId);
      if (!transaction) throw NotFound("donation_not_found");
      if (transaction.status === "pending") {
        await askProvider(transaction, deps.clock().getTime());
        transaction = (await q.findOwnTransaction(db, viewerUserId, clientReferenceId)) ?? transaction;
      }
      if (transaction.status !== "pending") lastAsked.delete(transaction.id);
      return { transaction_status: transaction.status };
    },

    /** The team's list: the session's paid donations and their totals (spec 2 §2: studio admins). */
    async list(viewerUserId: number, sessionId: number): Promise<DonationsResponse> {
      const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
      if (!access.flags.isStudioAdmin) throw Forbidden();
      return q.sessionDonations(db, sessionId);
    },
  };
}

export type DonationsService = ReturnType<typeof donationsService>;
