import type { BanChanged } from "../../kernel/broadcast/lifecycle";
import type { FeatureFactory } from "../feature";
import { pollsAnsweredBy } from "./queries";
import { ResultsPublisher } from "./results";
import { pollsRoutes } from "./routes";
import { pollsService } from "./service";

export const pollsFeature: FeatureFactory = (deps) => {
  const results = new ResultsPublisher(deps.db, deps.realtime, deps.log);
  // A shadow ban set or lifted changes whether the user's answers count: their polls' results go out.
  const onBanChanged = ({ userId, eventIds }: BanChanged) =>
    void pollsAnsweredBy(deps.db, userId, eventIds)
      .then((pollIds) => {
        for (const pollId of pollIds) results.schedule(pollId);
      })
      .catch((err: unknown) => deps.log.error({ err, userId }, "re-counting polls after a ban"));
  return {
    name: "polls",
    routes: pollsRoutes(pollsService(deps, results)),
    start: () => {
      deps.lifecycle.on("banChanged", onBanChanged);
    },
    stop: () => {
      deps.lifecycle.off("banChanged", onBanChanged);
      return results.stop();
    },
  };
};
