import { WEBHOOK_LIMITS } from "@onstage/domain";
import { Webhook } from "standardwebhooks";
import type { Database } from "../../platform/database";
import type { JobHandler } from "../../platform/jobs/worker";
import { type AddressGuard, GuardedFetchError, guardedPost } from "../../platform/net/guarded-fetch";
import * as q from "./queries";

// Issue 28 §4: one delivery's attempt, run by the jobs queue. The body is the Standard Webhooks
// envelope ({ type, timestamp, data }); webhook-id is the delivery's message id on every attempt (the
// receiver handles each event once), webhook-timestamp the attempt's second, webhook-signature the
// official library's v1 HMAC. Only a 2xx answer delivers; a redirect is not followed (a failure).

export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";

/** After the first attempt (Standard Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const WEBHOOK_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const webhookRetryDelayMs = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0] ?? 5_000;

/** An endpoint answers within this, its body read up to that much. */
const SEND_LIMITS = { timeoutMs: 15_000, maxBytes: 64 * 1024 };

export interface DeliveryDeps {
  db: Database;
  clock: () => Date;
  /** Which addresses the server may post to: public ones (the link preview's guard). */
  guard: AddressGuard;
}

export function webhookDeliveryJobs(deps: DeliveryDeps) {
  const handler: JobHandler = async (payload) => {
    const delivery = await q.findDeliveryToSend(deps.db, Number(payload.deliveryId));
    if (!delivery || delivery.deliveredAt) return "skipped";
    const answer = await attempt(delivery, deps);
    const delivered = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const gaveUp = !delivered && delivery.attempts + 1 >= WEBHOOK_ATTEMPTS;
    await q.recordAttempt(deps.db, delivery.id, { ...answer, delivered, gaveUp });
    // An endpoint that never answers is its owner's to see in the log, not a fault of this server.
    if (delivered || gaveUp) return delivered ? "done" : "skipped";
    throw new Error(`webhook delivery ${delivery.id}: ${answer.status ?? answer.response}`);
  };
  return { [WEBHOOK_DELIVERY_JOB]: handler };
}

async function attempt(delivery: q.DeliveryToSend, deps: DeliveryDeps) {
  const at = deps.clock();
  const body = JSON.stringify({
    type: delivery.eventType,
    timestamp: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
  const headers = {
    "content-type": "application/json",
    "user-agent": "Onstage-Webhooks/1.0",
    "webhook-id": delivery.messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(delivery.secret).sign(delivery.messageId, at, body),
  };
  try {
    const res = await guardedPost(delivery.url, deps.guard, SEND_LIMITS, {
      headers,
      body: Buffer.from(body),
    });
    const response = res.body.toString("utf8").slice(0, WEBHOOK_LIMITS.responseKeptChars);
    return { at, status: res.status, response };
  } catch (err) {
    const response = err instanceof GuardedFetchError ? err.message : `failed: ${String(err)}`;
    return { at, status: null, response: response.slice(0, WEBHOOK_LIMITS.responseKeptChars) };
  }
}
