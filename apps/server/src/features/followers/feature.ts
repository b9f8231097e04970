import type { FeatureFactory } from "../feature";
import { followersRoutes } from "./routes";
import { followersService } from "./service";

/** Issue 28 §3: following channels, the team's list of followers, the mails' unfollow links. */
export const followersFeature: FeatureFactory = (deps) => ({
  name: "followers",
  routes: followersRoutes(followersService(deps)),
});
