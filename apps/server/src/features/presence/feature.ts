import type { FeatureFactory } from "../feature";
import { presenceRoutes } from "./routes";
import { presenceService } from "./service";

export const presenceFeature: FeatureFactory = (deps) => {
  const service = presenceService(deps);
  return {
    name: "presence",
    routes: presenceRoutes(deps, service),
    // The batch writer and reconciliation run in tests too: heartbeats only reach the table through them.
    start: service.start,
    stop: service.stop,
    onHeartbeat: service.heartbeat,
  };
};
