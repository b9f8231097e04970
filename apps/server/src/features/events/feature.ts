import type { FeatureFactory } from "../feature";
import { eventRoutes } from "./routes";

export const eventsFeature: FeatureFactory = (deps) => ({
  name: "events",
  routes: eventRoutes(deps.events, { db: deps.db, publicUrl: deps.publicUrl, policy: deps.policy }),
});
