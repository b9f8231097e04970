import type { MembershipGate } from "../../platform/membership/gate";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { membershipRoutes } from "./routes";

export const membershipFeature = (deps: FeatureDeps, gate?: MembershipGate): Feature => ({
  name: "membership",
  routes: membershipRoutes(deps, gate),
});
