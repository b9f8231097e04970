import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CreateRoomRequest,
  DeleteRoomRequest,
  DeleteRoomResponse,
  ListParticipantsRequest,
  ListParticipantsResponse,
  ListRoomsRequest,
  ListRoomsResponse,
  ParticipantInfo,
  ParticipantPermission,
  RemoveParticipantResponse,
  Room,
  RoomParticipantIdentity,
  UpdateParticipantRequest,
} from "@livekit/protocol";
import { type ClaimGrants, TokenVerifier, type VideoGrant } from "livekit-server-sdk";
import { type Allow, type ProtocolJson, StandInOutputs, TwirpFailure } from "./livekit-stand-in-outputs";

// A local stand-in for LiveKit's server API in tests (no LiveKit server can run here): the documented
// Twirp API, `POST /twirp/livekit.<RoomService|Egress|Ingress>/<Method>` with `Authorization: Bearer
// <JWT>` and JSON bodies (Egress and Ingress in livekit-stand-in-outputs.ts). It checks every token with the SDK's own TokenVerifier and the grant LiveKit asks of each
// method, parses bodies strictly with LiveKit's protocol classes, and records what it was asked.

export interface StandInCall {
  method: string;
  body: Record<string, unknown>;
  grant: VideoGrant;
}

type Answer = [status: number, body: unknown];

/** The key pair tests configure LiveKit and the stand-in with. */
export const STAND_IN_KEYS = {
  apiKey: "APIstandin",
  apiSecret: "a-secret-at-least-thirty-two-characters-long",
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => resolve(body));
  });

/** The grant LiveKit requires of each room-service method (its service/roomservice.go). */
const adminOf = (room: string) => (grant: VideoGrant) => grant.roomAdmin === true && grant.room === room;

export class LivekitStandIn {
  /** Rooms by name, each with its participants by identity. */
  readonly rooms = new Map<string, { room: Room; participants: Map<string, ParticipantInfo> }>();
  /** Every authorised call, in order. */
  readonly calls: StandInCall[] = [];
  /** Requests refused, with the Twirp error code given. */
  readonly refusals: { method: string; code: string }[] = [];
  /** Egresses and ingresses started, by id. */
  readonly outputs = new StandInOutputs();
  /** Tokens of a room's participant with an earlier nbf (seconds) are refused (RemoveParticipant). */
  private readonly revocations = new Map<string, number>();
  private readonly verifier: TokenVerifier;
  private server: Server | undefined;
  /** Where encoders push to this stand-in's ingresses (nothing listens: only the address is told). */
  private rtmpBase = "";

  constructor(keys: { apiKey: string; apiSecret: string }) {
    this.verifier = new TokenVerifier(keys.apiKey, keys.apiSecret);
  }

  /** Starts listening; answers the URL to configure as LIVEKIT_URL (ws://, as browsers use it). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body]) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    this.rtmpBase = `rtmp://127.0.0.1:${port}/live`;
    return `ws://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /**
   * What LiveKit does when a browser connects with a token: checks it, creates the room on first
   * join, and admits the participant with the token's rights.
   */
  async connect(token: string): Promise<ParticipantInfo> {
    const claims = await this.verifier.verify(token);
    const grant = claims.video ?? {};
    if (!grant.roomJoin || !grant.room || !claims.sub) throw new Error("token does not admit to a room");
    const revokedBefore = this.revocations.get(`${grant.room}/${claims.sub}`) ?? 0;
    if ((claims.nbf ?? 0) < revokedBefore) throw new Error("token revoked");
    const participant = new ParticipantInfo({
      sid: `PA_${claims.sub}`,
      identity: claims.sub,
      name: claims.name ?? "",
      // LiveKit: publishing is allowed unless the token says otherwise.
      permission: new ParticipantPermission({
        canSubscribe: grant.canSubscribe ?? true,
        canPublish: grant.canPublish ?? true,
        canPublishData: grant.canPublishData ?? true,
      }),
    });
    this.roomNamed(grant.room).participants.set(participant.identity, participant);
    return participant;
  }

  participant(room: string, identity: string): ParticipantInfo | undefined {
    return this.rooms.get(room)?.participants.get(identity);
  }

  private roomNamed(name: string) {
    let entry = this.rooms.get(name);
    if (!entry) {
      entry = { room: new Room({ sid: `RM_${name}`, name }), participants: new Map() };
      this.rooms.set(name, entry);
    }
    return entry;
  }

  private async handle(req: IncomingMessage): Promise<Answer> {
    const [, service = "", method = ""] =
      /^\/twirp\/livekit\.(RoomService|Egress|Ingress)\/(\w+)$/.exec(req.url ?? "") ?? [];
    try {
      if (req.method !== "POST" || !method) throw new TwirpFailure(404, "bad_route", "no such method");
      const claims = await this.authorise(req.headers.authorization);
      const body: ProtocolJson = JSON.parse((await readBody(req)) || "{}");
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        throw new TwirpFailure(400, "malformed", "not an object");
      }
      return [200, this.call(service, method, body, claims.video ?? {})];
    } catch (error) {
      const failure =
        error instanceof TwirpFailure ? error : new TwirpFailure(400, "malformed", (error as Error).message);
      this.refusals.push({ method, code: failure.code });
      return [failure.status, { code: failure.code, msg: failure.message }];
    }
  }

  private async authorise(header: string | undefined): Promise<ClaimGrants> {
    const token = /^Bearer (.+)$/.exec(header ?? "")?.[1];
    if (!token) throw new TwirpFailure(401, "unauthenticated", "no authorization header");
    try {
      return await this.verifier.verify(token);
    } catch {
      throw new TwirpFailure(401, "unauthenticated", "invalid token");
    }
  }

  private call(service: string, method: string, body: ProtocolJson, grant: VideoGrant): unknown {
    const allow: Allow = (allowed) => {
      if (!allowed(grant)) throw new TwirpFailure(403, "permission_denied", "permissions denied");
      this.calls.push({ method, body: body as Record<string, unknown>, grant });
    };
    if (service === "Egress") return this.outputs.egress(method, body, allow);
    if (service === "Ingress") return this.outputs.ingress(method, body, allow, this.rtmpBase);
    return this.roomCall(method, body, allow);
  }

  private roomCall(method: string, body: ProtocolJson, allow: Allow): unknown {
    // Strict parsing (no unknown fields) catches a body shaped differently from LiveKit's protocol.
    switch (method) {
      case "CreateRoom": {
        const request = CreateRoomRequest.fromJson(body);
        allow((g) => g.roomCreate === true);
        return this.roomNamed(request.name).room.toJson();
      }
      case "ListRooms": {
        const request = ListRoomsRequest.fromJson(body);
        allow((g) => g.roomList === true);
        const rooms = [...this.rooms.values()].map((entry) => entry.room);
        const wanted = request.names.length
          ? rooms.filter((room) => request.names.includes(room.name))
          : rooms;
        return new ListRoomsResponse({ rooms: wanted }).toJson();
      }
      case "DeleteRoom": {
        const request = DeleteRoomRequest.fromJson(body);
        allow((g) => g.roomCreate === true);
        if (!this.rooms.delete(request.room))
          throw new TwirpFailure(404, "not_found", "requested room does not exist");
        return new DeleteRoomResponse().toJson();
      }
      case "ListParticipants": {
        const request = ListParticipantsRequest.fromJson(body);
        allow(adminOf(request.room));
        const participants = [...(this.rooms.get(request.room)?.participants.values() ?? [])];
        return new ListParticipantsResponse({ participants }).toJson();
      }
      case "RemoveParticipant": {
        const request = RoomParticipantIdentity.fromJson(body);
        allow(adminOf(request.room));
        if (!this.rooms.get(request.room)?.participants.delete(request.identity)) {
          throw new TwirpFailure(404, "not_found", "participant not found");
        }
        // LiveKit: when not given, now plus a minute of leeway.
        const revokedBefore = request.revokeTokenTs ? Number(request.revokeTokenTs) : Date.now() / 1000 + 60;
        this.revocations.set(`${request.room}/${request.identity}`, revokedBefore);
        return new RemoveParticipantResponse().toJson();
      }
      case "UpdateParticipant": {
        const request = UpdateParticipantRequest.fromJson(body);
        allow(adminOf(request.room));
        const participant = this.participant(request.room, request.identity);
        if (!participant) throw new TwirpFailure(404, "not_found", "participant not found");
        if (request.permission) participant.permission = request.permission;
        if (request.name) participant.name = request.name;
        return participant.toJson();
      }
      default:
        throw new TwirpFailure(404, "bad_route", `no method ${method}`);
    }
  }
}
