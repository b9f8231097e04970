import type { FeatureFactory } from "../feature";
import { studioRoutes } from "./routes";
import { studioService } from "./service";

/** Spec 3: the studio's brand, title overlays and templates. */
export const studioFeature: FeatureFactory = (deps) => {
  const studio = studioService(deps);
  return { name: "studio", routes: studioRoutes(studio), stop: () => studio.stop() };
};
