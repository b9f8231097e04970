import type { MediaRoomPort } from "../../platform/media-room/port";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { intentsRoutes } from "./routes";

/** Stage intents (issue 12 §2, §6): hands, invites and their answers; the stage follows them. */
export function intentsFeature(deps: FeatureDeps, mediaRoom: MediaRoomPort): Feature {
  return { name: "intents", routes: intentsRoutes(deps, mediaRoom) };
}
