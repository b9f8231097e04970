import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureFactory } from "../feature";
import { goLiveMailJobs } from "./mail";
import { sessionControlRoutes } from "./routes";

/** Issue 11: the session state machine, settings and the go-live mail (sent from the jobs table). */
export const sessionControlFeature: FeatureFactory = (deps) => ({
  name: "session-control",
  routes: sessionControlRoutes(deps),
  worker: jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: goLiveMailJobs({ db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl }),
  }),
});
