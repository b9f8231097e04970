import type { FeatureFactory } from "../feature";
import { peopleRoutes } from "./routes";

export const peopleFeature: FeatureFactory = (deps) => ({ name: "people", routes: peopleRoutes(deps) });
