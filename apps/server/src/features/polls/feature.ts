import type { FeatureFactory } from "../feature";
import { ResultsPublisher } from "./results";
import { pollsRoutes } from "./routes";
import { pollsService } from "./service";

export const pollsFeature: FeatureFactory = (deps) => {
  const results = new ResultsPublisher(deps.db, deps.realtime, deps.log);
  return {
    name: "polls",
    routes: pollsRoutes(pollsService(deps, results)),
    stop: () => results.stop(),
  };
};
