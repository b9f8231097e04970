import type { FeatureFactory } from "../feature";
import { roomRoutes } from "./routes";

export const roomFeature: FeatureFactory = (deps) => ({ name: "room", routes: roomRoutes(deps) });
