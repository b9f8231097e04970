import { PlanDetails, PlanDetailsQuery } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { planService } from "./service";

export function planRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const plans = planService(deps);
  return async (app) => {
    app.get(
      "/api/channel/plan",
      {
        schema: {
          tags: ["plans"],
          summary:
            "The channel's plan, its limits and this month's broadcast time by day (owners and admins; the plan banners and /settings?tab=billing)",
          querystring: PlanDetailsQuery,
          response: { 200: PlanDetails },
        },
      },
      async (req) => plans.details(requireViewer(req), req.query),
    );
  };
}
