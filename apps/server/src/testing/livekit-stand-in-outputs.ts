import { createHash, randomBytes } from "node:crypto";
import {
  CreateIngressRequest,
  DeleteIngressRequest,
  EgressInfo,
  EgressStatus,
  IngressInfo,
  IngressState,
  IngressState_Status,
  ListEgressRequest,
  ListEgressResponse,
  ListIngressRequest,
  ListIngressResponse,
  RoomCompositeEgressRequest,
  StopEgressRequest,
  WebhookEvent,
} from "@livekit/protocol";
import { AccessToken, type VideoGrant } from "livekit-server-sdk";

// The stand-in's Egress and Ingress services (livekit-stand-in.ts routes to them): what LiveKit's
// livekit.Egress and livekit.Ingress Twirp methods answer, with the grants LiveKit asks of them
// (roomRecord; ingressAdmin), and the signed webhooks LiveKit would send about them.

/** JSON as LiveKit's protocol classes read it. */
export type ProtocolJson = Parameters<typeof EgressInfo.fromJson>[0];

/** Thrown for a refused call; the stand-in answers it as a Twirp error. */
export class TwirpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Grants a call the method's permission, or throws permission_denied; records the call. */
export type Allow = (allowed: (grant: VideoGrant) => boolean) => void;

const notFound = (what: string) => new TwirpFailure(404, "not_found", `${what} does not exist`);

export class StandInOutputs {
  readonly egresses = new Map<string, EgressInfo>();
  readonly ingresses = new Map<string, IngressInfo>();
  private nextId = 1;

  /** livekit.Egress: only RoomComposite is started (what Onstage asks for). */
  egress(method: string, body: ProtocolJson, allow: Allow): unknown {
    const recorder = (grant: VideoGrant) => grant.roomRecord === true;
    switch (method) {
      case "StartRoomCompositeEgress": {
        const request = RoomCompositeEgressRequest.fromJson(body);
        allow(recorder);
        const info = new EgressInfo({
          egressId: `EG_${this.nextId++}`,
          roomName: request.roomName,
          status: EgressStatus.EGRESS_STARTING,
          request: { case: "roomComposite", value: request },
        });
        this.egresses.set(info.egressId, info);
        return info.toJson();
      }
      case "StopEgress": {
        const request = StopEgressRequest.fromJson(body);
        allow(recorder);
        const info = this.egresses.get(request.egressId);
        if (!info) throw notFound("egress");
        if (info.status > EgressStatus.EGRESS_ACTIVE) {
          throw new TwirpFailure(412, "failed_precondition", "egress is not active");
        }
        info.status = EgressStatus.EGRESS_ENDING;
        return info.toJson();
      }
      case "ListEgress": {
        const request = ListEgressRequest.fromJson(body);
        allow(recorder);
        const items = [...this.egresses.values()].filter(
          (info) =>
            (!request.roomName || info.roomName === request.roomName) &&
            (!request.egressId || info.egressId === request.egressId) &&
            (!request.active || info.status <= EgressStatus.EGRESS_ACTIVE),
        );
        return new ListEgressResponse({ items }).toJson();
      }
      default:
        throw new TwirpFailure(404, "bad_route", `no method ${method}`);
    }
  }

  /** livekit.Ingress: the RTMP inputs LiveKit holds, each with its own stream key. */
  ingress(method: string, body: ProtocolJson, allow: Allow, rtmpBase: string): unknown {
    const admin = (grant: VideoGrant) => grant.ingressAdmin === true;
    switch (method) {
      case "CreateIngress": {
        const request = CreateIngressRequest.fromJson(body);
        allow(admin);
        const id = this.nextId++;
        const info = new IngressInfo({
          ingressId: `IN_${id}`,
          name: request.name,
          streamKey: `sk_${randomBytes(12).toString("hex")}`,
          url: rtmpBase,
          inputType: request.inputType,
          roomName: request.roomName,
          participantIdentity: request.participantIdentity,
          participantName: request.participantName,
          state: new IngressState({ status: IngressState_Status.ENDPOINT_INACTIVE }),
        });
        this.ingresses.set(info.ingressId, info);
        return info.toJson();
      }
      case "DeleteIngress": {
        const request = DeleteIngressRequest.fromJson(body);
        allow(admin);
        const info = this.ingresses.get(request.ingressId);
        if (!info) throw notFound("ingress");
        this.ingresses.delete(request.ingressId);
        return info.toJson();
      }
      case "ListIngress": {
        const request = ListIngressRequest.fromJson(body);
        allow(admin);
        const items = [...this.ingresses.values()].filter(
          (info) =>
            (!request.roomName || info.roomName === request.roomName) &&
            (!request.ingressId || info.ingressId === request.ingressId),
        );
        return new ListIngressResponse({ items }).toJson();
      }
      default:
        throw new TwirpFailure(404, "bad_route", `no method ${method}`);
    }
  }
}

/**
 * A webhook as LiveKit sends it: the event's JSON, and an Authorization header holding a token signed
 * with the API secret whose sha256 claim is the body's digest (base64), as WebhookReceiver checks.
 */
export async function signedWebhook(
  keys: { apiKey: string; apiSecret: string },
  event: WebhookEvent,
  options: { ttl?: number | string; secret?: string } = {},
): Promise<{ body: string; authorization: string }> {
  const body = event.toJsonString();
  const token = new AccessToken(keys.apiKey, options.secret ?? keys.apiSecret, { ttl: options.ttl ?? "5m" });
  token.sha256 = createHash("sha256").update(body).digest("base64");
  return { body, authorization: await token.toJwt() };
}

/** The webhook LiveKit sends when an egress changes (egress_started, egress_updated, egress_ended). */
export function egressEvent(
  event: "egress_started" | "egress_updated" | "egress_ended",
  info: EgressInfo,
): WebhookEvent {
  return new WebhookEvent({
    event,
    id: `EV_${info.egressId}_${info.status}`,
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    egressInfo: info,
  });
}
