import { z } from "zod";
import { IdParam } from "../dashboard/fields";

// Issue 28 §4: webhooks out. A channel's owner and admins register endpoints; each event of a type an
// endpoint asked for is delivered to it, signed the Standard Webhooks way (webhook-id, -timestamp,
// -signature), and retried with back-off for about a day.
//   GET    /api/channels/:channelId/webhooks                               → WebhookEndpointsResponse
//   POST   /api/channels/:channelId/webhooks            WebhookEndpointRequest → WebhookEndpoint (201)
//   DELETE /api/channels/:channelId/webhooks/:endpointId                   → 204
//   POST   /api/channels/:channelId/webhooks/:endpointId/test              → WebhookDelivery (202)
//   GET    /api/channels/:channelId/webhooks/:endpointId/deliveries        → WebhookDeliveriesResponse

export const WEBHOOK_EVENT_TYPES = [
  "registration.created",
  "registration.cancelled",
  "payment.succeeded",
  "payment.refunded",
  "donation.succeeded",
  "session.live",
  "session.ended",
  "recording.ready",
  "clip.created",
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
/** What 'Send test' delivers: no endpoint subscribes to it, every endpoint may be sent one. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_LIMITS = {
  endpointsPerChannel: 10,
  urlMaxChars: 2_000,
  /** What the delivery log keeps of an answer. */
  responseKeptChars: 1_000,
  deliveriesShown: 50,
} as const;

export const WebhookEndpointParams = z.object({ channelId: IdParam, endpointId: IdParam });

export const WebhookEndpointRequest = z
  .object({
    // Whether it is a public address is the server's check (its resolver's answer, at every delivery).
    url: z.url({ protocol: /^https?$/ }).max(WEBHOOK_LIMITS.urlMaxChars),
    eventTypes: z.array(WebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  })
  .strict();
export type WebhookEndpointRequest = z.infer<typeof WebhookEndpointRequest>;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** webhook-id: the same on every attempt, so a receiver handles each event once. */
  messageId: z.string(),
  eventType: z.string(),
  createdAt: z.iso.datetime(),
  attempts: z.number().int().nonnegative(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** The receiver's HTTP status; null before the first attempt or when none answered. */
  lastStatus: z.number().int().nullable(),
  /** The start of the last answer, or why there was none. */
  lastResponse: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  /** Given up after the last retry. */
  failedAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  eventTypes: z.array(WebhookEventType),
  /** whsec_…: the receiver checks signatures with it. */
  secret: z.string(),
  createdAt: z.iso.datetime(),
  lastDelivery: WebhookDelivery.nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointsResponse = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointsResponse = z.infer<typeof WebhookEndpointsResponse>;

export const WebhookDeliveriesResponse = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
