import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { studioRoutes } from "./routes";
import { studioService } from "./service";
import { slideConversionJobs } from "./slides/conversion";
import { slideRoutes } from "./slides/routes";
import { slidesService } from "./slides/service";
import { studioChange } from "./studio-change";
import { videoPreparationJobs } from "./videos/preparation";
import { videoRoutes } from "./videos/routes";
import { videosService } from "./videos/service";

/** Spec 3: the studio's brand, title overlays, calls to action, templates, slides and shared videos. */
export const studioFeature = (deps: FeatureDeps, media: { ffmpegPath: string | null }): Feature => {
  const studio = studioService(deps);
  // Slide conversions and video preparations run on any node's worker; the node that took the upload
  // starts at once (nudge).
  const conversions = jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: { ...slideConversionJobs(deps), ...videoPreparationJobs({ ...deps, ...media }) },
    maxAttempts: 3,
  });
  const change = studioChange(deps);
  const slides = slidesService({ ...deps, change, worker: conversions });
  const videos = videosService({ ...deps, change, worker: conversions });
  return {
    name: "studio",
    routes: async (app) => {
      await app.register(studioRoutes(studio));
      await app.register(slideRoutes(slides));
      await app.register(videoRoutes(videos));
    },
    worker: conversions,
    stop: async () => {
      studio.stop();
      await conversions.stop();
    },
  };
};
