import type { FeatureFactory } from "../feature";
import { planRoutes } from "./routes";

/** Issue 13 item 6: the channel's plan for its owner and admins (banners, billing tab). */
export const plansFeature: FeatureFactory = (deps) => ({ name: "plans", routes: planRoutes(deps) });
