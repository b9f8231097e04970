import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  BadRequest,
  Conflict,
  canManageChannel,
  Forbidden,
  NotFound,
  RateLimited,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveriesResponse,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointRequest,
  type WebhookEndpointsResponse,
  type WebhookEventType,
} from "@onstage/domain";
import { findOrgRole } from "../../kernel/access/queries";
import type { RecordingReady, SessionStateChange } from "../../kernel/broadcast/lifecycle";
import type { Queryable } from "../../platform/database";
import { enqueueJobs } from "../../platform/jobs/queries";
import { type AddressGuard, checkReachable, GuardedFetchError } from "../../platform/net/guarded-fetch";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import type { FeatureDeps } from "../deps";
import { WEBHOOK_DELIVERY_JOB } from "./delivery";
import * as q from "./queries";

// Issue 28 §4: a channel's webhook endpoints (its owner and admins), their delivery log and 'Send test';
// and emitWebhookEvent, which the features that make the events call inside their own transactions.

/** How long registering waits for the endpoint's name to resolve. */
const RESOLVE_TIMEOUT_MS = 5_000;

type Deps = Pick<FeatureDeps, "db" | "clock">;

export function webhooksService(deps: Deps, options: { guard: AddressGuard; nudge: () => void }) {
  const { db } = deps;

  async function requireManager(viewerUserId: number, channelId: number): Promise<void> {
    const role = await findOrgRole(db, channelId, viewerUserId);
    if (role === null) throw NotFound("channel_not_found");
    if (!canManageChannel(role)) throw Forbidden();
  }

  async function requireEndpoint(channelId: number, endpointId: number) {
    const endpoint = await q.findEndpoint(db, channelId, endpointId);
    if (!endpoint) throw NotFound("webhook_not_found");
    return endpoint;
  }

  const toEndpoint = (row: q.EndpointRow, lastDelivery: WebhookDelivery | null): WebhookEndpoint => ({
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
    lastDelivery,
  });

  return {
    async list(viewerUserId: number, channelId: number): Promise<WebhookEndpointsResponse> {
      await requireManager(viewerUserId, channelId);
      const rows = await q.listEndpoints(db, channelId);
      const last = await q.lastDeliveries(
        db,
        rows.map((row) => row.id),
      );
      return { endpoints: rows.map((row) => toEndpoint(row, last.get(row.id) ?? null)) };
    },

    async create(
      viewerUserId: number,
      channelId: number,
      body: WebhookEndpointRequest,
    ): Promise<WebhookEndpoint> {
      await requireManager(viewerUserId, channelId);
      // The same guard as every delivery: an address inside this server's network is refused now.
      await checkReachable(body.url, options.guard, RESOLVE_TIMEOUT_MS).catch((err: unknown) => {
        throw err instanceof GuardedFetchError ? BadRequest("webhook_address_refused") : err;
      });
      const secret = `whsec_${randomBytes(24).toString("base64")}`;
      const row = await db.transaction((tx) =>
        q.insertEndpoint(tx, {
          channelId,
          url: body.url,
          secret,
          eventTypes: [...new Set(body.eventTypes)],
          max: WEBHOOK_LIMITS.endpointsPerChannel,
        }),
      );
      if (!row) throw Conflict("webhook_endpoints_full");
      return toEndpoint(row, null);
    },

    async remove(viewerUserId: number, channelId: number, endpointId: number): Promise<void> {
      await requireManager(viewerUserId, channelId);
      if (!(await q.deleteEndpoint(db, channelId, endpointId))) throw NotFound("webhook_not_found");
    },

    async deliveries(
      viewerUserId: number,
      channelId: number,
      endpointId: number,
    ): Promise<WebhookDeliveriesResponse> {
      await requireManager(viewerUserId, channelId);
      await requireEndpoint(channelId, endpointId);
      return { deliveries: await q.listDeliveries(db, endpointId, WEBHOOK_LIMITS.deliveriesShown) };
    },

    /** 'Send test': a webhook.test event to this endpoint alone, delivered at once. */
    async sendTest(viewerUserId: number, channelId: number, endpointId: number): Promise<WebhookDelivery> {
      await requireManager(viewerUserId, channelId);
      await requireEndpoint(channelId, endpointId);
      const key: ThrottleKey = { scope: "webhook-test", value: String(viewerUserId) };
      if (await isOverLimit(db, key)) throw RateLimited("webhook_test_rate_limited");
      await countAttempt(db, [key]);
      const [deliveryId] = await db.transaction((tx) =>
        queueDeliveries(tx, deps.clock(), {
          endpointIds: [endpointId],
          messageId: `msg_${randomUUID()}`,
          eventType: WEBHOOK_TEST_EVENT,
          payload: { channelId, endpointId, message: "A test event from Onstage." },
        }),
      );
      options.nudge();
      const delivery = deliveryId === undefined ? null : await q.findDelivery(db, deliveryId);
      if (!delivery) throw NotFound("webhook_not_found");
      return delivery;
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;

async function queueDeliveries(
  tx: Queryable,
  now: Date,
  input: Parameters<typeof q.insertDeliveries>[1],
): Promise<number[]> {
  const ids = await q.insertDeliveries(tx, input);
  await enqueueJobs(
    tx,
    ids.map((deliveryId) => ({
      kind: WEBHOOK_DELIVERY_JOB,
      key: `${WEBHOOK_DELIVERY_JOB}:${deliveryId}`,
      payload: { deliveryId },
      runAt: now,
    })),
  );
  return ids;
}

/**
 * An event of a channel (or of one of its events) for the channel's endpoints that asked for `type`,
 * in the caller's transaction: the deliveries exist only if it commits. `eventKey` names the event (a
 * registration's id and what happened to it): a producer that runs twice makes the same message id,
 * so it is delivered once.
 */
export async function emitWebhookEvent(
  tx: Queryable,
  event: {
    source: q.EventSource;
    type: WebhookEventType;
    eventKey: string;
    data: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  const endpoints = await q.subscribedEndpoints(tx, event.source, event.type);
  if (endpoints.length === 0) return;
  const messageId = `msg_${createHash("sha256").update(`${event.type}:${event.eventKey}`).digest("hex").slice(0, 32)}`;
  await queueDeliveries(tx, event.now, {
    endpointIds: endpoints.map((endpoint) => endpoint.id),
    messageId,
    eventType: event.type,
    payload: event.data,
  });
}

/**
 * The session's moves (live, ended) and a finished recording, as the node that made them hears them
 * (BroadcastLifecycle): one delivery per event whichever node tells it first.
 */
export function lifecycleWebhooks(deps: Pick<FeatureDeps, "db" | "clock" | "log">) {
  const emit = (event: Omit<Parameters<typeof emitWebhookEvent>[1], "now">) =>
    deps.db
      .transaction((tx) => emitWebhookEvent(tx, { ...event, now: deps.clock() }))
      .catch((err: unknown) => deps.log.error({ err, type: event.type }, "webhooks: queueing failed"));
  return {
    onSessionState: (change: SessionStateChange): void => {
      const live = change.to === "broadcasting";
      const ended = change.from === "broadcasting" && (change.to === "postevent" || change.to === "ended");
      if (!live && !ended) return;
      const type = live ? "session.live" : "session.ended";
      void emit({
        source: { eventId: change.eventId },
        type,
        eventKey: `${change.sessionId}:${change.stream?.id ?? "none"}:${type}`,
        data: {
          sessionId: change.sessionId,
          eventId: change.eventId,
          state: change.to,
          streamId: change.stream?.id ?? null,
          isRecording: change.stream?.isRecording ?? false,
        },
      });
    },
    onRecordingReady: (ready: RecordingReady): void => {
      void emit({
        source: { sessionId: ready.sessionId },
        type: "recording.ready",
        eventKey: `${ready.streamId}`,
        data: { sessionId: ready.sessionId, streamId: ready.streamId },
      });
    },
  };
}
