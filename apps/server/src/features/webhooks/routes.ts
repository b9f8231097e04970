import {
  ChannelIdParams,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointParams,
  WebhookEndpointRequest,
  WebhookEndpointsResponse,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { WebhooksService } from "./service";

const tags = ["webhooks"];
const owners = "the channel's owner and admins";

export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelId/webhooks",
      {
        schema: {
          tags,
          summary: `The channel's webhook endpoints, each with its last delivery; ${owners} (issue 28 §4)`,
          params: ChannelIdParams,
          response: { 200: WebhookEndpointsResponse },
        },
      },
      async (req) => webhooks.list(requireViewer(req), req.params.channelId),
    );

    app.post(
      "/api/channels/:channelId/webhooks",
      {
        schema: {
          tags,
          summary:
            "Register an endpoint for these event types; its signing secret (whsec_…) is in the answer. " +
            "Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, " +
            "webhook-signature v1), retried for about a day; only public addresses are accepted",
          params: ChannelIdParams,
          body: WebhookEndpointRequest,
          response: { 201: WebhookEndpoint },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await webhooks.create(requireViewer(req), req.params.channelId, req.body)),
    );

    app.delete(
      "/api/channels/:channelId/webhooks/:endpointId",
      {
        schema: { tags, summary: `Delete an endpoint and its log; ${owners}`, params: WebhookEndpointParams },
      },
      async (req, reply) => {
        await webhooks.remove(requireViewer(req), req.params.channelId, req.params.endpointId);
        return reply.code(204).send();
      },
    );

    app.post(
      "/api/channels/:channelId/webhooks/:endpointId/test",
      {
        schema: {
          tags,
          summary: `Send a webhook.test event to the endpoint now; ${owners}`,
          params: WebhookEndpointParams,
          response: { 202: WebhookDelivery },
        },
      },
      async (req, reply) =>
        reply
          .code(202)
          .send(await webhooks.sendTest(requireViewer(req), req.params.channelId, req.params.endpointId)),
    );

    app.get(
      "/api/channels/:channelId/webhooks/:endpointId/deliveries",
      {
        schema: {
          tags,
          summary: `The endpoint's newest deliveries with their last answers; ${owners}`,
          params: WebhookEndpointParams,
          response: { 200: WebhookDeliveriesResponse },
        },
      },
      async (req) => webhooks.deliveries(requireViewer(req), req.params.channelId, req.params.endpointId),
    );
  };
}
