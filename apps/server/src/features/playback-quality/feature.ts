import type { FeatureFactory } from "../feature";
import { playbackQualityRoutes } from "./routes";
import { playbackQualityService } from "./service";

/** Issue 28 §1: the players' quality beacons, gathered per node and added to one row per view. */
export const playbackQualityFeature: FeatureFactory = (deps) => {
  const quality = playbackQualityService(deps);
  return {
    name: "playback-quality",
    routes: playbackQualityRoutes(deps.publicUrl, quality),
    start: () => quality.start(),
    stop: () => quality.stop(),
    flush: () => quality.flush(),
  };
};
