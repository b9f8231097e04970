import {
  GoLiveNotificationBody,
  GoLiveNotificationResponse,
  ResetSessionBody,
  SessionControlResponse,
  UpdateSettingsBody,
  UpdateVideoSessionBody,
} from "@onstage/domain";
import type { FastifySchema } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { sessionControlService } from "./service";

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Spec 2 §7: the host's session routes all have one shape: a POST by a signed-in user (CSRF as every
 * POST) with a body and a 200 answer, both zod schemas that /api/docs shows.
 */
function hostPost<Body extends z.ZodType, Response extends z.ZodType>(
  app: App,
  url: string,
  schema: { summary: string; body: Body; response: Response },
  handle: (viewerUserId: number, body: z.output<Body>) => Promise<z.input<Response>>,
) {
  // Typed as FastifySchema: the zod provider cannot resolve a generic schema's types. The validator
  // compiler still parses the body with `body` and the serializer checks the answer with `response`,
  // so the signature above is what holds.
  const routeSchema: FastifySchema = {
    tags: ["session control"],
    summary: schema.summary,
    body: schema.body,
    response: { 200: schema.response },
  };
  app.post(url, { schema: routeSchema }, async (req) =>
    handle(requireViewer(req), req.body as z.output<Body>),
  );
}

export function sessionControlRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const control = sessionControlService(deps);
  return async (app) => {
    // An anonymous caller learns nothing, not even whether the session exists.
    app.addHook("preValidation", async (req) => {
      requireViewer(req);
    });

    hostPost(
      app,
      "/api/video-session/update-video-session",
      {
        summary:
          "Move the session's state (enter/exit greenroom, go live, end live, end event); host level only (spec 2 §4)",
        body: UpdateVideoSessionBody,
        response: SessionControlResponse,
      },
      control.updateState,
    );
    hostPost(
      app,
      "/api/video-session/reset-session",
      {
        summary: "Any state back to scheduled, the session's streams deleted; host level only (spec 2 §7)",
        body: ResetSessionBody,
        response: SessionControlResponse,
      },
      control.reset,
    );
    hostPost(
      app,
      "/api/video-session/update-settings",
      {
        summary:
          "Set exactly one of allow_raising_hands, open_stage, hide_audience, disable_qa, broadcast_type, is_recording (spec 2 §7)",
        body: UpdateSettingsBody,
        response: SessionControlResponse,
      },
      control.updateSettings,
    );
    hostPost(
      app,
      "/api/notifications/go-live",
      {
        summary: "Mail the channel's followers that the session is live (never for a private event)",
        body: GoLiveNotificationBody,
        response: GoLiveNotificationResponse,
      },
      control.notifyGoLive,
    );
  };
}
