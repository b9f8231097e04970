import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { clipRoutes } from "./clip-routes";
import { clipsService } from "./clips-service";
import type { RecordingPlaces } from "./recording-files";
import { clipRenderJobs } from "./render";
import { clippingRoutes } from "./routes";

/** Issue 26: clips of a session's recording, their page and analytics; and the event's clipping switch. */
export const clippingFeature = (
  deps: FeatureDeps,
  media: Omit<RecordingPlaces, "storage"> & { ffmpegPath: string | null },
): Feature => {
  const places = { ...media, storage: deps.storage };
  // A cut runs on any node's worker; the node that took the request starts at once (nudge).
  const worker = jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: clipRenderJobs({ ...deps, ...places, ffmpegPath: media.ffmpegPath }),
    maxAttempts: 3,
  });
  const clips = clipsService({ ...deps, places, worker });
  return {
    name: "clipping",
    routes: async (app) => {
      await app.register(clippingRoutes(deps));
      await app.register(clipRoutes(clips, deps));
    },
    worker,
    stop: () => worker.stop(),
  };
};
