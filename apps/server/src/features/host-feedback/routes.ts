import { HostFeedbackBody, HostFeedbackResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { hostFeedbackService } from "./service";

export function hostFeedbackRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const feedback = hostFeedbackService(deps);
  return async (app) => {
    app.post(
      "/api/host-feedback",
      {
        schema: {
          tags: ["host feedback"],
          summary:
            "The host's feedback on a session that has ended; owner or admin of its event (spec 2 §4, §7)",
          body: HostFeedbackBody,
          response: { 201: HostFeedbackResponse },
        },
      },
      async (req, reply) => {
        const id = await feedback.send(requireViewer(req), req.body);
        return reply.code(201).send({ id });
      },
    );
  };
}
