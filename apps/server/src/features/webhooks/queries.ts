import type { WebhookDelivery, WebhookEventType } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// webhook_endpoints and webhook_deliveries (040_webhooks.sql).

/** How long the delivery log keeps a delivery (a day of retries fits well inside). */
const DELIVERY_LOG_DAYS = 30;

export interface EndpointRow {
  id: number;
  organizationId: number;
  url: string;
  secret: string;
  eventTypes: WebhookEventType[];
  createdAt: Date;
}

const ENDPOINT = `id::int, organization_id::int AS "organizationId", url, secret,
  event_types AS "eventTypes", created_at AS "createdAt"`;

export async function listEndpoints(db: Queryable, channelId: number): Promise<EndpointRow[]> {
  return db.query<EndpointRow>(
    `SELECT ${ENDPOINT} FROM webhook_endpoints WHERE organization_id = $1 ORDER BY id`,
    [channelId],
  );
}

export async function findEndpoint(db: Queryable, channelId: number, endpointId: number) {
  const [row] = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT} FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`,
    [channelId, endpointId],
  );
  return row ?? null;
}

/** Adds the endpoint unless the channel has `max` already (counted under the channel's row lock). */
export async function insertEndpoint(
  tx: Queryable,
  input: { channelId: number; url: string; secret: string; eventTypes: readonly string[]; max: number },
): Promise<EndpointRow | null> {
  await tx.query("SELECT id FROM organizations WHERE id = $1 FOR UPDATE", [input.channelId]);
  const [row] = await tx.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (organization_id, url, secret, event_types)
     SELECT $1, $2, $3, $4::text[]
      WHERE (SELECT count(*) FROM webhook_endpoints WHERE organization_id = $1) < $5
     RETURNING ${ENDPOINT}`,
    [input.channelId, input.url, input.secret, input.eventTypes, input.max],
  );
  return row ?? null;
}

export async function deleteEndpoint(db: Queryable, channelId: number, endpointId: number) {
  const rows = await db.query(
    "DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2 RETURNING id",
    [channelId, endpointId],
  );
  return rows.length > 0;
}

/** Whose event it is: a channel's, or one of its events' or sessions' (the channel found here). */
export type EventSource = { channelId: number } | { eventId: number } | { sessionId: number };

/** The endpoints of the source's channel that asked for `eventType`. */
export async function subscribedEndpoints(db: Queryable, source: EventSource, eventType: string) {
  if ("channelId" in source) {
    return db.query<{ id: number }>(
      "SELECT id::int FROM webhook_endpoints WHERE organization_id = $1 AND $2 = ANY (event_types)",
      [source.channelId, eventType],
    );
  }
  if ("eventId" in source) {
    return db.query<{ id: number }>(
      `SELECT w.id::int FROM webhook_endpoints w JOIN events e ON e.organization_id = w.organization_id
        WHERE e.id = $1 AND $2 = ANY (w.event_types)`,
      [source.eventId, eventType],
    );
  }
  return db.query<{ id: number }>(
    `SELECT w.id::int FROM webhook_endpoints w
       JOIN events e ON e.organization_id = w.organization_id
       JOIN video_sessions vs ON vs.event_id = e.id
      WHERE vs.id = $1 AND $2 = ANY (w.event_types)`,
    [source.sessionId, eventType],
  );
}

/**
 * One delivery per endpoint of the event; an event already recorded for an endpoint (the same message
 * id, a producer that ran twice) adds nothing. Answers the new deliveries' ids.
 */
export async function insertDeliveries(
  tx: Queryable,
  input: { endpointIds: number[]; messageId: string; eventType: string; payload: unknown },
): Promise<number[]> {
  // The log keeps a month: older deliveries of these endpoints go as new ones come.
  await tx.query(
    `DELETE FROM webhook_deliveries
      WHERE endpoint_id = ANY ($1::bigint[]) AND created_at < now() - interval '${DELIVERY_LOG_DAYS} days'`,
    [input.endpointIds],
  );
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload)
     SELECT unnest($1::bigint[]), $2, $3, $4::jsonb
     ON CONFLICT (endpoint_id, message_id) DO NOTHING
     RETURNING id::int`,
    [input.endpointIds, input.messageId, input.eventType, JSON.stringify(input.payload)],
  );
  return rows.map((r) => r.id);
}

export interface DeliveryToSend {
  id: number;
  messageId: string;
  eventType: string;
  payload: unknown;
  createdAt: Date;
  attempts: number;
  deliveredAt: Date | null;
  url: string;
  secret: string;
}

export async function findDeliveryToSend(db: Queryable, deliveryId: number): Promise<DeliveryToSend | null> {
  const [row] = await db.query<DeliveryToSend>(
    `SELECT d.id::int, d.message_id AS "messageId", d.event_type AS "eventType", d.payload,
            d.created_at AS "createdAt", d.attempts, d.delivered_at AS "deliveredAt", e.url, e.secret
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.id = $1`,
    [deliveryId],
  );
  return row ?? null;
}

/** What an attempt got: the answer's status (null: none came) and the start of its body or failure. */
export async function recordAttempt(
  db: Queryable,
  deliveryId: number,
  attempt: { at: Date; status: number | null; response: string; delivered: boolean; gaveUp: boolean },
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries
        SET attempts = attempts + 1, last_attempt_at = $2, last_status = $3, last_response = $4,
            delivered_at = CASE WHEN $5 THEN $2 ELSE delivered_at END,
            failed_at = CASE WHEN $6 THEN $2 ELSE failed_at END
      WHERE id = $1`,
    [deliveryId, attempt.at, attempt.status, attempt.response, attempt.delivered, attempt.gaveUp],
  );
}

interface DeliveryRow {
  id: number;
  message_id: string;
  event_type: string;
  created_at: Date;
  attempts: number;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_response: string | null;
  delivered_at: Date | null;
  failed_at: Date | null;
}

const DELIVERY = `id::int, message_id, event_type, created_at, attempts, last_attempt_at, last_status,
  last_response, delivered_at, failed_at`;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  messageId: r.message_id,
  eventType: r.event_type,
  createdAt: r.created_at.toISOString(),
  attempts: r.attempts,
  lastAttemptAt: iso(r.last_attempt_at),
  lastStatus: r.last_status,
  lastResponse: r.last_response,
  deliveredAt: iso(r.delivered_at),
  failedAt: iso(r.failed_at),
});

/** The endpoint's newest deliveries first. */
export async function listDeliveries(db: Queryable, endpointId: number, limit: number) {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [endpointId, limit],
  );
  return rows.map(toDelivery);
}

/** Each endpoint's newest delivery. */
export async function lastDeliveries(db: Queryable, endpointIds: number[]) {
  const rows = await db.query<DeliveryRow & { endpoint_id: number }>(
    `SELECT DISTINCT ON (endpoint_id) endpoint_id::int, ${DELIVERY}
       FROM webhook_deliveries WHERE endpoint_id = ANY ($1::bigint[])
      ORDER BY endpoint_id, created_at DESC, id DESC`,
    [endpointIds],
  );
  return new Map(rows.map((r) => [r.endpoint_id, toDelivery(r)]));
}

export async function findDelivery(db: Queryable, deliveryId: number) {
  const [row] = await db.query<DeliveryRow>(`SELECT ${DELIVERY} FROM webhook_deliveries WHERE id = $1`, [
    deliveryId,
  ]);
  return row ? toDelivery(row) : null;
}
