import { channelsService } from "../channels/service";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { registerWebApp } from "./routes";

/** The built web app with link previews; its catch-all route answers every page the API does not. */
export const webAppFeature = (deps: FeatureDeps, webDist: string): Feature => ({
  name: "web-app",
  routes: (app) =>
    registerWebApp(app, {
      webDist,
      publicUrl: deps.publicUrl,
      events: deps.events,
      channels: channelsService(deps.db, deps.events),
      auth: deps.auth,
      db: deps.db,
      policy: deps.policy,
      clock: deps.clock,
    }),
});
