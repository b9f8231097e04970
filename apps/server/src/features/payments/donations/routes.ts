import {
  CheckStatusRequest,
  CheckStatusResponse,
  CreateDonationLinkRequest,
  CreateDonationLinkResponse,
  DonationsQuery,
  DonationsResponse,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import type { DonationsService } from "./service";

const tags = ["payments"];

/** Spec 2 §7's donation calls, by the spec's paths, and the team's list. */
export function donationRoutes(donations: DonationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/stripe/create-donation-link",
      {
        schema: {
          tags,
          summary: "Open a payment for a contribution: the card provider's page and the reference to poll",
          body: CreateDonationLinkRequest,
          response: { 200: CreateDonationLinkResponse },
        },
      },
      async (req) => donations.createLink(requireViewer(req), req.body),
    );

    app.post(
      "/api/transactions/check-status",
      {
        schema: {
          tags,
          summary: "The status of one of the viewer's own payments (polled each second)",
          body: CheckStatusRequest,
          response: { 200: CheckStatusResponse },
        },
      },
      async (req) => donations.checkStatus(requireViewer(req), req.body.client_reference_id),
    );

    app.get(
      "/api/video-session/donations",
      {
        schema: {
          tags,
          summary: "The session's paid donations and totals by currency (studio admins)",
          querystring: DonationsQuery,
          response: { 200: DonationsResponse },
        },
      },
      async (req) => donations.list(requireViewer(req), req.query.video_session_id),
    );
  };
}
