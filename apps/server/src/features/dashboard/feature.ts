import type { FeatureFactory } from "../feature";
import { dashboardRoutes } from "./routes";

export const dashboardFeature: FeatureFactory = (deps) => ({
  name: "dashboard",
  routes: dashboardRoutes(deps),
});
