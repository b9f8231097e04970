import { Unauthorized } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { WebhookEvent } from "livekit-server-sdk";
import { z } from "zod";
import type { LivekitConfig } from "../../platform/media-room/livekit/livekit-media-room";
import { livekitClient } from "../../platform/media-room/livekit/sdk";
import type { EgressFeeds } from "./egress-feeds";

// POST /api/livekit/webhook (issue 13 §5): LiveKit tells Onstage about its egresses, its ingresses and
// who enters and leaves a stage (spec 2 §2 On Stage). The
// body is trusted only when the Authorization header is a token signed with the project's API secret,
// unexpired, whose sha256 claim is the body's digest (the SDK's WebhookReceiver checks all three).

export const LIVEKIT_WEBHOOK_PATH = "/api/livekit/webhook";

/** LiveKit's events are a few hundred bytes; an egress's request with its outputs a few kilobytes. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/** What an ingress event means for the session's RTMP input (the live-stream's transcoder status). */
export type IngressListener = (
  event: "ingress_started" | "ingress_ended",
  roomName: string,
) => void | Promise<void>;

/** A participant who may publish entered (true) or left (false) a room. */
export type ParticipantListener = (roomName: string, identity: string, onStage: boolean) => Promise<void>;

export interface WebhookListeners {
  /** Ingress events for the session's RTMP input (rtmp-ingest sets the live stream's status). */
  onIngress: IngressListener;
  /** Stage members entering and leaving (the stage feature's On Stage). */
  onParticipant: ParticipantListener;
}

export function livekitWebhookRoutes(
  config: LivekitConfig,
  feeds: EgressFeeds | null,
  listeners: WebhookListeners,
  log: FastifyBaseLogger,
): FastifyPluginAsyncZod {
  const receiver = livekitClient((sdk) => new sdk.WebhookReceiver(config.apiKey, config.apiSecret));
  const handle = async (event: WebhookEvent) => {
    const { participant, room } = event;
    if (event.egressInfo && event.event.startsWith("egress_"))
      await feeds?.onEgress(event.event, event.egressInfo);
    else if (event.ingressInfo && (event.event === "ingress_started" || event.event === "ingress_ended")) {
      await listeners.onIngress(event.event, event.ingressInfo.roomName);
    } else if (participant && room) {
      // Only a publisher enters the stage; anyone leaving leaves it (a viewer's leave changes nothing).
      if (event.event === "participant_joined" && participant.permission?.canPublish)
        await listeners.onParticipant(room.name, participant.identity, true);
      else if (event.event === "participant_left")
        await listeners.onParticipant(room.name, participant.identity, false);
    }
  };
  return async (app) => {
    // The signature covers the exact text sent, so this route keeps the body as LiveKit sent it
    // (Content-Type application/webhook+json; plain JSON is taken too).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      ["application/webhook+json", "application/json"],
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    );
    app.post(
      LIVEKIT_WEBHOOK_PATH,
      {
        schema: {
          tags: ["broadcast"],
          summary: "LiveKit webhook (signed with the API secret)",
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (req) => {
        const { client: verifier } = await receiver();
        let event: WebhookEvent;
        try {
          event = await verifier.receive(
            typeof req.body === "string" ? req.body : "",
            req.headers.authorization,
          );
        } catch (error) {
          log.warn({ reason: error instanceof Error ? error.message : "unknown" }, "livekit webhook refused");
          throw Unauthorized("invalid_webhook");
        }
        await handle(event);
        return { received: true as const };
      },
    );
  };
}
