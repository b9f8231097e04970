import type { FeatureFactory } from "../feature";
import { moderationRoutes } from "./routes";

export const moderationFeature: FeatureFactory = (deps) => ({
  name: "moderation",
  routes: moderationRoutes(deps),
});
