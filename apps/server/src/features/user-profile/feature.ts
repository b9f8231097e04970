import type { FeatureFactory } from "../feature";
import { userProfileRoutes } from "./routes";

/** Issue 12 §1: the user profile popover's read. */
export const userProfileFeature: FeatureFactory = (deps) => ({
  name: "user-profile",
  routes: userProfileRoutes(deps),
});
