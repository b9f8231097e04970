import { useQuery } from "@tanstack/react-query";
import { failureText } from "../../api";
import { Spinner } from "../../ui/Spinner";
import { SettingsSection } from "../account-settings/SettingsSection";
import { AddWebhookForm } from "./AddWebhookForm";
import { WebhookEndpointRow } from "./WebhookEndpointRow";
import { fetchEndpoints, webhookKeys } from "./webhooksApi";
import "./webhooks.css";

/** Issue 28 §4: the channel's webhook endpoints, each with its log, and the form to add one. */
export function WebhooksSection({ channelId }: { channelId: number }) {
  const query = useQuery({
    queryKey: webhookKeys.endpoints(channelId),
    queryFn: () => fetchEndpoints(channelId),
  });
  return (
    <SettingsSection title="Webhooks">
      <p className="webhooks__intro">
        Tell your other systems what happens on this channel: each event is posted to your endpoints as JSON,
        signed with the endpoint's secret (Standard Webhooks), and retried for about a day until the endpoint
        answers with a 2xx status.
      </p>
      {query.isPending && <Spinner label="Loading the webhooks…" />}
      {query.isError && <p role="alert">{failureText(query.error)}</p>}
      {query.data && query.data.endpoints.length > 0 && (
        <ul className="webhooks" aria-label="Webhook endpoints">
          {query.data.endpoints.map((endpoint) => (
            <WebhookEndpointRow key={endpoint.id} channelId={channelId} endpoint={endpoint} />
          ))}
        </ul>
      )}
      <AddWebhookForm channelId={channelId} />
    </SettingsSection>
  );
}
