import {
  CouponIdParams,
  CreateCouponRequest,
  DashCouponResponse,
  DashEventIdParams,
  UpdateCouponRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DashCouponsService } from "./service";

const tags = ["dashboard"];

export function dashCouponRoutes(coupons: DashCouponsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/dash/events/:eventId/coupons",
      {
        schema: {
          tags,
          params: DashEventIdParams,
          body: CreateCouponRequest,
          response: { 201: DashCouponResponse },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await coupons.create(requireViewer(req), req.params.eventId, req.body)),
    );

    app.patch(
      "/api/dash/coupons/:couponId",
      {
        schema: {
          tags,
          params: CouponIdParams,
          body: UpdateCouponRequest,
          response: { 200: DashCouponResponse },
        },
      },
      async (req) => coupons.update(requireViewer(req), req.params.couponId, req.body),
    );

    app.delete(
      "/api/dash/coupons/:couponId",
      { schema: { tags, params: CouponIdParams } },
      async (req, reply) => {
        await coupons.remove(requireViewer(req), req.params.couponId);
        return reply.code(204).send();
      },
    );
  };
}
