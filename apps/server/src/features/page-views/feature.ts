import type { FeatureFactory } from "../feature";
import { pageViewsRoutes } from "./routes";
import { pageViewsService } from "./service";

/** Issue 28 §2: event-page views by source, for the team's sources chart. */
export const pageViewsFeature: FeatureFactory = (deps) => ({
  name: "page-views",
  routes: pageViewsRoutes(pageViewsService(deps)),
});
