import type { WebhookEventType } from "@onstage/domain";

/** What each event type is, in the settings' words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "registration.created": "Registration created",
  "registration.cancelled": "Registration cancelled",
  "payment.succeeded": "Ticket paid",
  "payment.refunded": "Payment refunded",
  "donation.succeeded": "Donation received",
  "session.live": "Session live",
  "session.ended": "Session ended",
  "recording.ready": "Recording ready",
  "clip.created": "Clip created",
};
