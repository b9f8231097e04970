import { TRANSCODER_POLL_MS } from "../constants";
import type { LiveStreamStatus } from "../livestream/schemas";
import type { ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState } from "../vocabulary";

// RTMP broadcasts (spec 1 §4, spec 2 §1, §4, §6): an external encoder (OBS, ffmpeg) is the picture, so
// the room has no camera stage and everyone, hosts included, watches HLS.

/** Spec 1 §4: "One layout for RTMP-type broadcasts and another for the others". */
export type RoomLayout = "stage" | "rtmp";

export const roomLayout = (broadcastType: BroadcastType): RoomLayout =>
  broadcastType === "webrtc" ? "stage" : "rtmp";

export interface RtmpHostScreens {
  /** The server address and stream key to paste into the encoder. */
  showsSetup: boolean;
  /** What the encoder sends (or 'Waiting for your encoder…') in place of the audience's player. */
  showsStreamer: boolean;
}

const NONE: RtmpHostScreens = { showsSetup: false, showsStreamer: false };

/**
 * Spec 2 §6: only owner or admin see the RTMP setup (the stream key is a secret). It shows until the
 * broadcast ends, from scheduled on so the encoder can be set up ahead; the streamer view replaces the
 * player while the encoder matters: in the greenroom and while broadcasting.
 */
export function rtmpHostScreens(input: {
  flags: ViewerFlags;
  broadcastType: BroadcastType;
  state: SessionState;
}): RtmpHostScreens {
  if (roomLayout(input.broadcastType) !== "rtmp" || !input.flags.isOwnerOrAdmin) return NONE;
  const isOnAirSoon = input.state === "greenroom" || input.state === "broadcasting";
  return { showsSetup: isOnAirSoon || input.state === "scheduled", showsStreamer: isOnAirSoon };
}

/** Spec 2 §7, §9: the transcoder is polled every TRANSCODER_POLL_MS until it is available (active). */
export const transcoderPollMs = (status: LiveStreamStatus | null): number | false =>
  status === "active" ? false : TRANSCODER_POLL_MS;
