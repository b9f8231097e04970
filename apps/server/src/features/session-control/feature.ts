import { jobWorker } from "../../platform/jobs/worker";
import type { FeatureFactory } from "../feature";
import { goLiveMailJobs } from "./mail";
import { sessionControlRoutes } from "./routes";
import { runtimeLimitWorker } from "./runtime-limit";
import { sessionControlService } from "./service";

/**
 * Issue 11: the session state machine, settings and the go-live mail (sent from the jobs table); issue
 * 13: lives past their maximum runtime are ended.
 */
export const sessionControlFeature: FeatureFactory = (deps) => {
  const mail = jobWorker({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: goLiveMailJobs(deps),
  });
  const runtimeLimit = runtimeLimitWorker(sessionControlService(deps), deps.log);
  return {
    name: "session-control",
    routes: sessionControlRoutes(deps),
    worker: {
      start() {
        mail.start();
        runtimeLimit.start();
      },
      stop: () => Promise.all([mail.stop(), runtimeLimit.stop()]).then(() => undefined),
    },
  };
};
