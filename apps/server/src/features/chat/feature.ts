import type { FeatureFactory } from "../feature";
import { chatRoutes } from "./routes";

export const chatFeature: FeatureFactory = (deps) => ({ name: "chat", routes: chatRoutes(deps) });
