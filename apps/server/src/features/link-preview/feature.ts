import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { linkPreviewRoutes } from "./routes";
import type { LinkPreviewOptions } from "./service";

/** Spec 3 §5, §7; issue 26 §4: GET /api/link-preview, an address's oEmbed preview. */
export const linkPreviewFeature = (deps: FeatureDeps, options: LinkPreviewOptions): Feature => ({
  name: "link-preview",
  routes: linkPreviewRoutes(deps, options),
});
