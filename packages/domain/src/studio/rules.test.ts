import { describe, expect, test } from "vitest";
import { errorMessage } from "../errors";
import type { BroadcastType } from "../vocabulary";
import { type StudioFeature, studioFeatureRefusal } from "./rules";

const FEATURES: StudioFeature[] = ["brand", "overlays", "videos", "slides", "ctas", "program_feed"];
const TYPES: BroadcastType[] = ["webrtc", "rtmp", "rtmp-native"];

describe("studioFeatureRefusal: spec 3 §1, disabled in RTMP Mode except CTAs", () => {
  test.each(TYPES.flatMap((broadcastType) => FEATURES.map((feature) => ({ broadcastType, feature }))))(
    "$feature on $broadcastType",
    ({ broadcastType, feature }) => {
      const refused = broadcastType !== "webrtc" && feature !== "ctas";
      expect(studioFeatureRefusal(broadcastType, feature)).toBe(refused ? "studio_rtmp_mode" : null);
    },
  );

  test("the tooltip reads the spec's words", () => {
    expect(errorMessage("studio_rtmp_mode")).toBe("This feature is disabled in RTMP Mode");
  });
});
