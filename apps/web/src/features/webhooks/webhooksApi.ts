import type {
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointRequest,
  WebhookEndpointsResponse,
} from "@onstage/domain";
import { apiJson, apiNoContent, jsonBody } from "../../api";

// Issue 28 §4: a channel's webhook endpoints (features/webhooks on the server).

export const webhookKeys = {
  endpoints: (channelId: number) => ["webhooks", channelId] as const,
  deliveries: (channelId: number, endpointId: number) => ["webhooks", channelId, endpointId, "log"] as const,
};

const base = (channelId: number) => `/api/channels/${channelId}/webhooks`;

export const fetchEndpoints = (channelId: number) => apiJson<WebhookEndpointsResponse>(base(channelId));

export const createEndpoint = (channelId: number, body: WebhookEndpointRequest) =>
  apiJson<WebhookEndpoint>(base(channelId), jsonBody(body));

export const deleteEndpoint = (channelId: number, endpointId: number) =>
  apiNoContent(`${base(channelId)}/${endpointId}`, { method: "DELETE" });

export const sendTestEvent = (channelId: number, endpointId: number) =>
  apiJson<WebhookDelivery>(`${base(channelId)}/${endpointId}/test`, jsonBody({}));

export const fetchDeliveries = (channelId: number, endpointId: number) =>
  apiJson<WebhookDeliveriesResponse>(`${base(channelId)}/${endpointId}/deliveries`);
