import type { WebhookDelivery, WebhookEndpoint } from "@onstage/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { DEFAULT_TOAST_MS, toast } from "../../ui/toast";
import { WEBHOOK_EVENT_LABELS } from "./labels";
import { deleteEndpoint, fetchDeliveries, sendTestEvent, webhookKeys } from "./webhooksApi";

const shownTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** A delivery's state in words: delivered, retrying after a failed answer, given up, or waiting. */
export function deliveryState(delivery: WebhookDelivery): string {
  const answer = delivery.lastStatus === null ? "no answer" : `HTTP ${delivery.lastStatus}`;
  if (delivery.deliveredAt) return `Delivered (${answer})`;
  if (delivery.failedAt) return `Failed after ${delivery.attempts} attempts (${answer})`;
  if (delivery.attempts === 0) return "Waiting";
  return `Retrying: ${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"} (${answer})`;
}

/** One endpoint: its address, events and secret; 'Send test', its delivery log, delete. */
export function WebhookEndpointRow({
  channelId,
  endpoint,
}: {
  channelId: number;
  endpoint: WebhookEndpoint;
}) {
  const queryClient = useQueryClient();
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const logKey = webhookKeys.deliveries(channelId, endpoint.id);
  const log = useQuery({
    queryKey: logKey,
    queryFn: () => fetchDeliveries(channelId, endpoint.id),
    enabled: showLog,
    // A delivery in progress changes within seconds.
    refetchInterval: showLog ? 2_000 : false,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(channelId) });
    void queryClient.invalidateQueries({ queryKey: logKey });
  };
  const test = useMutation({
    mutationFn: () => sendTestEvent(channelId, endpoint.id),
    onSuccess: () => {
      setShowLog(true);
      refresh();
      toast.success("Test event sent", { durationMs: DEFAULT_TOAST_MS });
    },
    onError: (error) => toast.error(failureText(error), { durationMs: DEFAULT_TOAST_MS }),
  });
  const remove = useMutation({
    mutationFn: () => deleteEndpoint(channelId, endpoint.id),
    onSuccess: refresh,
    onError: (error) => toast.error(failureText(error), { durationMs: DEFAULT_TOAST_MS }),
  });
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <li className="webhook">
      <p className="webhook__url">{endpoint.url}</p>
      <p className="webhook__types">
        {endpoint.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(", ")}
      </p>
      <p className="webhook__secret">
        Signing secret: <code>{showSecret ? endpoint.secret : "whsec_••••••••"}</code>{" "}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setShowSecret(!showSecret)}
          aria-pressed={showSecret}
        >
          {showSecret ? "Hide secret" : "Show secret"}
        </Button>
      </p>
      <p className="webhook__last" role="status">
        {endpoint.lastDelivery
          ? `Last delivery: ${deliveryState(endpoint.lastDelivery)}`
          : "Nothing sent yet"}
      </p>
      <div className="webhook__actions">
        <Button size="sm" variant="secondary" onClick={() => test.mutate()} disabled={test.isPending}>
          Send test
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Delete endpoint
        </Button>
      </div>
      {showLog && (
        <div id={logId}>
          {log.isError && <p role="alert">{failureText(log.error)}</p>}
          {log.data && log.data.deliveries.length === 0 && <p>No deliveries yet.</p>}
          {log.data && log.data.deliveries.length > 0 && (
            <table className="webhook-log">
              <caption>Deliveries to {endpoint.url}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                  <th scope="col">Last answer</th>
                </tr>
              </thead>
              <tbody>
                {log.data.deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{delivery.eventType}</td>
                    <td>{shownTime.format(new Date(delivery.createdAt))}</td>
                    <td>{deliveryState(delivery)}</td>
                    <td className="webhook-log__answer">{delivery.lastResponse ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </li>
  );
}
