import type { FeatureFactory } from "../feature";
import { captionsRoutes } from "./routes";
import type { CaptionsOptions } from "./service";

/** Issue 13 item 7: captioners' lines in, the session's caption URL for its owner or admins. */
export const captionsFeature =
  (options: CaptionsOptions): FeatureFactory =>
  (deps) => ({
    name: "captions",
    routes: captionsRoutes(deps, options),
  });
