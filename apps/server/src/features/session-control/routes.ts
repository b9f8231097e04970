import {
  GoLiveNotificationBody,
  GoLiveNotificationResponse,
  ResetSessionBody,
  SessionControlResponse,
  UpdateSettingsBody,
  UpdateVideoSessionBody,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../access/viewer";
import type { FeatureDeps } from "../deps";
import { sessionControlService } from "./service";

const tags = ["session control"];

/** Spec 2 §7: the host's session routes. Every one is a write by a signed-in user (CSRF as every POST). */
export function sessionControlRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const control = sessionControlService(deps);
  return async (app) => {
    // An anonymous caller learns nothing, not even whether the session exists.
    app.addHook("preValidation", async (req) => {
      requireViewer(req);
    });

    app.post(
      "/api/video-session/update-video-session",
      {
        schema: {
          tags,
          summary:
            "Move the session's state (enter/exit greenroom, go live, end live, end event); host level only (spec 2 §4)",
          body: UpdateVideoSessionBody,
          response: { 200: SessionControlResponse },
        },
      },
      async (req) => control.updateState(requireViewer(req), req.body),
    );

    app.post(
      "/api/video-session/reset-session",
      {
        schema: {
          tags,
          summary: "Any state back to scheduled, the session's streams deleted; host level only (spec 2 §7)",
          body: ResetSessionBody,
          response: { 200: SessionControlResponse },
        },
      },
      async (req) => control.reset(requireViewer(req), req.body),
    );

    app.post(
      "/api/video-session/update-settings",
      {
        schema: {
          tags,
          summary:
            "Set exactly one of allow_raising_hands, open_stage, hide_audience, disable_qa, broadcast_type, is_recording (spec 2 §7)",
          body: UpdateSettingsBody,
          response: { 200: SessionControlResponse },
        },
      },
      async (req) => control.updateSettings(requireViewer(req), req.body),
    );

    app.post(
      "/api/notifications/go-live",
      {
        schema: {
          tags,
          summary: "Mail the channel's followers that the session is live (never for a private event)",
          body: GoLiveNotificationBody,
          response: { 200: GoLiveNotificationResponse },
        },
      },
      async (req) => control.notifyGoLive(requireViewer(req), req.body),
    );
  };
}
