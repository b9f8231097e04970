import type { FeatureFactory } from "../feature";
import { questionsRoutes } from "./routes";

export const questionsFeature: FeatureFactory = (deps) => ({
  name: "questions",
  routes: questionsRoutes(deps),
});
