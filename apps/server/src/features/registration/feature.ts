import type { FeatureFactory } from "../feature";
import { registrationRoutes } from "./routes";

export const registrationFeature: FeatureFactory = (deps) => ({
  name: "registration",
  routes: registrationRoutes(deps),
});
