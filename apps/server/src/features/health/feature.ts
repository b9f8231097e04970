import type { FeatureFactory } from "../feature";
import { healthRoutes } from "./routes";

export const healthFeature: FeatureFactory = (deps) => ({ name: "health", routes: healthRoutes(deps.db) });
