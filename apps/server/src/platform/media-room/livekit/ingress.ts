import type { IngressInfo } from "livekit-server-sdk";
import { type LivekitConfig, livekitRoomName } from "./livekit-media-room";
import { livekitClient } from "./sdk";

// RTMP through LiveKit Ingress (issue 13 §5): the session's encoder pushes to LiveKit, which publishes
// it into the session's room as one more participant; the room's Egress composes it like any other.
// The same idea as the embedded RTMP ingest: create, reset the key, stop, for a session.

/** What a host pastes into the encoder. */
export interface RtmpInput {
  ingressId: string;
  /** rtmp://…/live as LiveKit answers it (its ingress service's RTMP base URL). */
  url: string;
  streamKey: string;
}

export interface RtmpIngress {
  /** The session's input: the one LiveKit already holds for the room, else a new one. */
  create(sessionId: number): Promise<RtmpInput>;
  /** A new key: the old input is deleted (its encoder is cut off) and a new one made. */
  resetKey(sessionId: number): Promise<RtmpInput>;
  /** Deletes the session's inputs; nothing held is not an error. */
  stop(sessionId: number): Promise<void>;
}

/** The encoder's participant in the room: not a user id, so the stage never takes it for a person. */
export const ingressIdentity = (sessionId: number) => `rtmp-${sessionId}`;

const toInput = (info: IngressInfo): RtmpInput => ({
  ingressId: info.ingressId,
  url: info.url,
  streamKey: info.streamKey,
});

export function livekitRtmpIngress(config: LivekitConfig): RtmpIngress {
  const connected = livekitClient(
    (sdk) => new sdk.IngressClient(config.url, config.apiKey, config.apiSecret),
  );
  const held = async (sessionId: number) =>
    (await connected()).client.listIngress({ roomName: livekitRoomName(sessionId) });
  const make = async (sessionId: number) => {
    const { sdk, client: ingress } = await connected();
    return toInput(
      await ingress.createIngress(sdk.IngressInput.RTMP_INPUT, {
        name: `session-${sessionId}-rtmp`,
        roomName: livekitRoomName(sessionId),
        participantIdentity: ingressIdentity(sessionId),
        participantName: "RTMP",
      }),
    );
  };
  const stop = async (sessionId: number) => {
    const { client: ingress } = await connected();
    const inputs = await held(sessionId);
    await Promise.all(inputs.map((info) => ingress.deleteIngress(info.ingressId)));
  };
  return {
    async create(sessionId) {
      const [existing] = await held(sessionId);
      return existing ? toInput(existing) : make(sessionId);
    },
    async resetKey(sessionId) {
      await stop(sessionId);
      return make(sessionId);
    },
    stop,
  };
}
