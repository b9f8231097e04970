import type { FeatureFactory } from "../feature";
import { hostFeedbackRoutes } from "./routes";

/** Issue 12 §10: the host feedback modal's store. */
export const hostFeedbackFeature: FeatureFactory = (deps) => ({
  name: "host-feedback",
  routes: hostFeedbackRoutes(deps),
});
