import {
  CAPTION_LINE_MAX_CHARS,
  CaptionLineQuery,
  CaptionLineResponse,
  CaptionSource,
  CaptionSourceRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { CAPTION_LINE_PATH, type CaptionsOptions, captionsService } from "./service";

/** Room for CAPTION_LINE_MAX_CHARS of UTF-8 (at most 4 bytes a character); the service counts characters. */
const LINE_BODY_LIMIT_BYTES = CAPTION_LINE_MAX_CHARS * 4;

export function captionsRoutes(deps: FeatureDeps, options: CaptionsOptions): FastifyPluginAsyncZod {
  const captions = captionsService(deps, options);
  return async (app) => {
    // A captioning tool's post (Zoom's third-party caption API): no cookie, no CSRF token; the secret
    // token in the URL is the credential (app.ts exempts this path from the CSRF check).
    app.post(
      CAPTION_LINE_PATH,
      {
        bodyLimit: LINE_BODY_LIMIT_BYTES,
        schema: {
          tags: ["captions"],
          summary: "A captioner's line, as text/plain, to the session's caption URL with &seq=N&lang=xx",
          querystring: CaptionLineQuery,
          body: z.string().optional(),
          response: { 200: CaptionLineResponse },
        },
      },
      async (req) => captions.postLine(req.query, req.body ?? ""),
    );

    app.post(
      "/api/captions/source",
      {
        schema: {
          tags: ["captions"],
          summary: "The session's secret caption URL (owner or admin), made on first call",
          body: CaptionSourceRequest,
          response: { 200: CaptionSource },
        },
      },
      async (req) => captions.source(requireViewer(req), req.body.video_session_id),
    );

    app.post(
      "/api/captions/source/rotate",
      {
        schema: {
          tags: ["captions"],
          summary: "A new caption URL for the session (owner or admin); the old one stops working",
          body: CaptionSourceRequest,
          response: { 200: CaptionSource },
        },
      },
      async (req) => captions.rotate(requireViewer(req), req.body.video_session_id),
    );
  };
}
