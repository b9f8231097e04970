import { roomLayout } from "../rtmp/rules";
import type { BroadcastType } from "../vocabulary";

/**
 * Spec 3 §1's studio sidebar sections, and `program_feed`: the stage composed with the brand and
 * overlays in a host's browser (issue 11 §3), which those sections draw on.
 */
export type StudioFeature = "brand" | "overlays" | "videos" | "slides" | "ctas" | "program_feed";

export type StudioFeatureRefusal = "studio_rtmp_mode";

/**
 * Spec 3 §1: "Brand, Overlays, Videos and Slides are disabled when the broadcast type is rtmp or
 * rtmp-native ... The CTAs section stays available". The encoder is the picture then, so nothing of
 * ours is composed into it either.
 */
export function studioFeatureRefusal(
  broadcastType: BroadcastType,
  feature: StudioFeature,
): StudioFeatureRefusal | null {
  if (feature === "ctas") return null;
  return roomLayout(broadcastType) === "rtmp" ? "studio_rtmp_mode" : null;
}
