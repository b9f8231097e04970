import { Unavailable } from "@onstage/domain";
import { type LivekitConfig, livekitMediaRoom } from "./livekit/livekit-media-room";
import type { MediaRoomPort } from "./port";

export interface MediaRoomConfig {
  /** Set by LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET (main.ts). */
  livekit?: LivekitConfig;
}

/**
 * The app's media room, chosen once at start: the operator's LiveKit when configured, else the embedded
 * SFU, which only the caller can build (it needs the realtime socket); it is not built at all under
 * LiveKit.
 */
export function chooseMediaRoom(config: MediaRoomConfig): (embedded: () => MediaRoomPort) => MediaRoomPort {
  const { livekit } = config;
  return livekit ? () => livekitMediaRoom(livekit) : (embedded) => embedded();
}

/**
 * Spec 3 §8: a session whose webrtc_provider is 'livekit' cannot get a room on an instance without
 * LiveKit (503 'no livekit url provided'). An 'embedded' session on a LiveKit instance uses LiveKit: the
 * operator's choice of where media runs wins.
 */
export function requireMediaRoomFor(
  port: MediaRoomPort,
  webrtcProvider: MediaRoomPort["provider"],
): MediaRoomPort {
  if (webrtcProvider === "livekit" && port.provider !== "livekit") throw Unavailable("no_livekit_url");
  return port;
}
