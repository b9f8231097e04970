import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureFactory } from "../feature";
import { studioRoutes } from "./routes";
import { studioService } from "./service";
import { slideConversionJobs } from "./slides/conversion";
import { slideRoutes } from "./slides/routes";
import { slidesService } from "./slides/service";
import { studioChange } from "./studio-change";

/** Spec 3: the studio's brand, title overlays, calls to action, templates and slides. */
export const studioFeature: FeatureFactory = (deps) => {
  const studio = studioService(deps);
  // Conversions run on any node's worker; the node that took the upload starts at once (nudge).
  const conversions = jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: slideConversionJobs(deps),
    maxAttempts: 3,
  });
  const slides = slidesService({ ...deps, change: studioChange(deps), worker: conversions });
  return {
    name: "studio",
    routes: async (app) => {
      await app.register(studioRoutes(studio));
      await app.register(slideRoutes(slides));
    },
    worker: conversions,
    stop: async () => {
      studio.stop();
      await conversions.stop();
    },
  };
};
