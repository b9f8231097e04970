import type { FeatureFactory } from "../feature";
import { channelRoutes } from "./routes";
import { channelsService } from "./service";

export const channelsFeature: FeatureFactory = (deps) => ({
  name: "channels",
  routes: channelRoutes(channelsService(deps.db, deps.events)),
});
