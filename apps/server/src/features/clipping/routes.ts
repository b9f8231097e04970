import { ToggleClippingBody, ToggleClippingResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { clippingService } from "./service";

export function clippingRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const clipping = clippingService(deps);
  return async (app) => {
    app.post(
      "/api/video-session/toggle-clipping",
      {
        schema: {
          tags: ["module settings"],
          summary:
            "Disable or enable viewers' clipping for the event; channel members, studio admins and moderators (spec 2 §6, §7)",
          body: ToggleClippingBody,
          response: { 200: ToggleClippingResponse },
        },
      },
      async (req) => ({ disableClipping: await clipping.toggleClipping(requireViewer(req), req.body) }),
    );
  };
}
