import type { FeatureFactory } from "../feature";
import { clippingRoutes } from "./routes";

/** Issue 12 §9: the event's clipping setting (the clips themselves come with their issue). */
export const clippingFeature: FeatureFactory = (deps) => ({ name: "clipping", routes: clippingRoutes(deps) });
