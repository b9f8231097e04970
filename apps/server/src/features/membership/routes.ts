import { IsValidPatronRequest, IsValidPatronResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import { reachableEventHook } from "../../kernel/unlisted/grants";
import type { MembershipGate } from "../../platform/membership/gate";
import { testMembershipGate } from "../../platform/membership/test-gate";
import type { FeatureDeps } from "../deps";
import { registrationService } from "../registration/service";
import { membershipService } from "./service";
import { testMembershipRoutes } from "./test-membership";

/** Spec 1 §7 membership gate; without a configured gate, the test-mode one and its pledge page. */
export function membershipRoutes(deps: FeatureDeps, gate?: MembershipGate): FastifyPluginAsyncZod {
  const chosen = gate ?? testMembershipGate(deps.db, deps.publicUrl);
  const registration = registrationService(deps);
  const membership = membershipService({
    db: deps.db,
    gate: chosen,
    membershipVerified: registration.membershipVerified,
    log: deps.log,
  });
  return async (app) => {
    app.addHook("preHandler", reachableEventHook(deps.db));
    app.post(
      "/api/patreon/is-valid-patron",
      {
        schema: {
          tags: ["membership"],
          body: IsValidPatronRequest,
          response: { 200: IsValidPatronResponse },
        },
      },
      async (req) => {
        return membership.isValidPatron(requireViewer(req), req.body);
      },
    );
    if (chosen.kind === "test") await app.register(testMembershipRoutes(deps.db, membership));
  };
}
