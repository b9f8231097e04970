import { LinkPreview, LinkPreviewRequest } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { type LinkPreviewOptions, linkPreviewService } from "./service";

export function linkPreviewRoutes(deps: FeatureDeps, options: LinkPreviewOptions): FastifyPluginAsyncZod {
  const previews = linkPreviewService(deps, options);
  return async (app) => {
    app.get(
      "/api/link-preview",
      {
        schema: {
          tags: ["link preview"],
          summary:
            "An address's embeddable preview from its oEmbed provider; signed-in users, rate-limited (spec 3 §5, §7; issue 26 §4)",
          querystring: LinkPreviewRequest,
          response: { 200: LinkPreview },
        },
      },
      async (req) => previews.preview(requireViewer(req), req.query),
    );
  };
}
