import type { ProgramEgress } from "../../platform/media-room/livekit/egress";
import type { LivekitConfig } from "../../platform/media-room/livekit/livekit-media-room";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { EgressFeeds } from "./egress-feeds";
import { recorderSignInRoutes } from "./recorder-sign-in";
import { livekitWebhookRoutes, type WebhookListeners } from "./webhook";

export interface ProgramEgressOptions {
  livekit: LivekitConfig;
  /** LiveKit Egress composes the program (LiveKit and a bucket configured); null: the embedded feed. */
  egress: ProgramEgress | null;
  /** Who hears LiveKit's other events: the RTMP input's ingress, the stage's participants. */
  listeners: WebhookListeners;
}

/** Issue 13 §5: the program through LiveKit Egress, and the webhooks LiveKit sends about it. */
export function programEgressFeature(deps: FeatureDeps, options: ProgramEgressOptions): Feature {
  const feeds = options.egress ? new EgressFeeds(deps, options.egress) : null;
  return {
    name: "program-egress",
    routes: async (app) => {
      await app.register(livekitWebhookRoutes(options.livekit, feeds, options.listeners, deps.log));
      await app.register(recorderSignInRoutes(deps, options.livekit));
    },
    start() {
      if (!feeds) return;
      deps.lifecycle.on("sessionState", feeds.onSessionState);
      deps.lifecycle.on("recording", feeds.onRecording);
    },
    stop() {
      if (!feeds) return;
      deps.lifecycle.off("sessionState", feeds.onSessionState);
      deps.lifecycle.off("recording", feeds.onRecording);
    },
  };
}
