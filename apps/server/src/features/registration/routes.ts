import {
  ApplyCouponRequest,
  ApplyCouponResponse,
  CheckEventPasswordRequest,
  CheckEventPasswordResponse,
  RegisterRequest,
  RegisterResponse,
  UnregisterUserRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import { reachableEventHook } from "../../kernel/unlisted/grants";
import type { FeatureDeps } from "../deps";
import { registrationService } from "./service";

const tags = ["registration"];

/** Every registration call acts for the signed-in user, taken from the session, never from the body. */
export function registrationRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const registration = registrationService(deps);
  return async (app) => {
    // Signed-in users only: an anonymous caller learns nothing, not even what a valid body looks like.
    app.addHook("preValidation", async (req) => {
      requireViewer(req);
    });
    app.addHook("preHandler", reachableEventHook(deps.db));

    app.post(
      "/api/events/register",
      {
        schema: {
          tags,
          summary: "Register the signed-in user for an event (201 created, 200 already registered)",
          body: RegisterRequest,
          response: { 200: RegisterResponse, 201: RegisterResponse },
        },
      },
      async (req, reply) => {
        const result = await registration.register(requireViewer(req), req.body);
        reply.code(result.created ? 201 : 200);
        return { registration: result.registration };
      },
    );

    app.post(
      "/api/events/check-password",
      {
        schema: {
          tags,
          summary: "Check an event password (spec 1 §5); wrong guesses are throttled",
          body: CheckEventPasswordRequest,
          response: { 200: CheckEventPasswordResponse },
        },
      },
      async (req) => {
        await registration.checkPassword(requireViewer(req), req.body.event_id, req.body.password);
        return { passwordCorrect: true as const };
      },
    );

    app.post(
      "/api/coupons/apply",
      {
        schema: {
          tags,
          summary: "The coupon a promo code names on this event (spec 1 §7)",
          body: ApplyCouponRequest,
          response: { 200: ApplyCouponResponse },
        },
      },
      async (req) => ({
        coupon: await registration.applyCoupon(requireViewer(req), req.body.event_id, req.body.coupon_code),
      }),
    );

    app.post(
      "/api/events/unregister-user",
      {
        schema: {
          tags,
          summary: "Unregister yourself, or an attendee as a host (spec 1 §5 Remove Attendee)",
          body: UnregisterUserRequest,
        },
      },
      async (req, reply) => {
        await registration.unregister(requireViewer(req), req.body);
        return reply.code(204).send();
      },
    );
  };
}
