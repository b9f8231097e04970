import { z } from "zod";
import { HLS_VIEWER_HYSTERESIS_USERS, HLS_VIEWER_THRESHOLD_USERS } from "../constants";

/**
 * Spec 2 §4, issue 27: how the audience (everyone not on the stage) watches a broadcast. `webrtc`: the
 * composed program from the media room, sub-second; `hls`: the program's HLS, seconds behind, for any
 * number of viewers.
 */
export const ViewerDelivery = z.enum(["webrtc", "hls"]);
export type ViewerDelivery = z.infer<typeof ViewerDelivery>;

export interface RoomDeliveryInput {
  /** Viewers live in the session now, people on the stage not counted. */
  audience: number;
  /** The team's show-to-all flag: HLS for everyone. */
  showToAll: boolean;
  /**
   * A composed program reaches the media room in real time: a camera stage (the embedded SFU, or
   * LiveKit, where the composing page publishes it as a participant). An RTMP encoder's broadcast is
   * watched over HLS.
   */
  hasRealtimeProgram: boolean;
  /** What the room delivers now (the hysteresis' memory). */
  current: ViewerDelivery;
  /** HLS_VIEWER_THRESHOLD_USERS unless the server is configured otherwise. */
  threshold?: number;
}

/**
 * The room's delivery: WebRTC up to the threshold, HLS above it or with show-to-all. Back from HLS only
 * once the audience is HLS_VIEWER_HYSTERESIS_USERS under the threshold (issue 27 §1 "does not flip").
 */
export function roomDelivery({
  audience,
  showToAll,
  hasRealtimeProgram,
  current,
  threshold = HLS_VIEWER_THRESHOLD_USERS,
}: RoomDeliveryInput): ViewerDelivery {
  if (showToAll || !hasRealtimeProgram) return "hls";
  // A fifth of a smaller (configured) threshold, so a room of a few can come back too.
  const margin = Math.min(HLS_VIEWER_HYSTERESIS_USERS, Math.floor(threshold / 5));
  if (current === "hls") return audience <= threshold - margin ? "webrtc" : "hls";
  return audience > threshold ? "hls" : "webrtc";
}

/**
 * Issue 27 §1: the viewer places a room's SFU takes: the threshold, and the hysteresis for the recount's
 * lag; past them a viewer watches over HLS.
 */
export const webrtcViewerPlaces = (threshold: number = HLS_VIEWER_THRESHOLD_USERS) =>
  threshold + HLS_VIEWER_HYSTERESIS_USERS;

/** Spec 2 §1 query flags: `?useHLS` or `?useWebRTC` force a viewer's delivery; null leaves it to the room. */
export function forcedDelivery(params: { has(name: string): boolean }): ViewerDelivery | null {
  if (params.has("useHLS")) return "hls";
  if (params.has("useWebRTC")) return "webrtc";
  return null;
}

/** A viewer's delivery: what they forced, else the room's. */
export function viewerDelivery(room: ViewerDelivery, forced: ViewerDelivery | null): ViewerDelivery {
  return forced ?? room;
}
