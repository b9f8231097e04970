import type { RtmpIngress } from "../../platform/media-room/livekit/ingress";
import { livekitRoomSession } from "../../platform/media-room/livekit/livekit-media-room";
import type { FeatureDeps } from "../deps";
import type { IngressListener } from "../program-egress/service";
import type { RtmpInputs } from "./port";
import { setLiveStreamStatus } from "./queries";

// Issue 13 §5: with LIVEKIT_URL set the /api/mux/livestream/* calls hand out LiveKit Ingress inputs
// instead of keys for the embedded listener (which then does not listen). The encoder joins the session's
// room as participant rtmp-{session}; LiveKit's webhooks tell when it publishes.

export const livekitInputs = (ingress: RtmpIngress): RtmpInputs => {
  const toKey = ({ streamKey, url }: { streamKey: string; url: string }) => ({ streamKey, serverUrl: url });
  return {
    open: async (sessionId) => toKey(await ingress.create(sessionId)),
    reset: async (sessionId) => toKey(await ingress.resetKey(sessionId)),
    close: (sessionId) => ingress.stop(sessionId),
    // The host watches the encoder in the room (or the program), not an HLS preview of our own.
    previews: false,
  };
};

/** ingress_started/ingress_ended: the live stream is active/idle (a stopped stream stays disabled). */
export const ingressStatusListener =
  (deps: FeatureDeps): IngressListener =>
  async (event, roomName) => {
    const sessionId = livekitRoomSession(roomName);
    if (sessionId === null) return;
    await setLiveStreamStatus(deps.db, sessionId, event === "ingress_started" ? "active" : "idle");
  };
