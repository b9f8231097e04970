import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@onstage/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Checkbox } from "../../ui/Checkbox";
import { TextField } from "../../ui/TextField";
import { WEBHOOK_EVENT_LABELS } from "./labels";
import { createEndpoint, webhookKeys } from "./webhooksApi";

/** A new endpoint: its address and the events it wants (all of them to begin with). */
export function AddWebhookForm({ channelId }: { channelId: number }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState("");
  const [types, setTypes] = useState<Set<WebhookEventType>>(() => new Set(WEBHOOK_EVENT_TYPES));
  const add = useMutation({
    mutationFn: () => createEndpoint(channelId, { url: url.trim(), eventTypes: [...types] }),
    onSuccess: () => {
      setUrl("");
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(channelId) });
    },
  });
  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className="webhook-form" onSubmit={submit} aria-label="Add a webhook endpoint">
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/onstage-webhooks"
        hint="A public http(s) address; each delivery is signed (Standard Webhooks)."
        value={url}
        required
        onChange={(event) => setUrl(event.target.value)}
        error={add.error ? failureText(add.error) : null}
      />
      <fieldset className="webhook-form__types">
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            checked={types.has(type)}
            onChange={(event) => toggle(type, event.target.checked)}
          >
            {WEBHOOK_EVENT_LABELS[type]}
          </Checkbox>
        ))}
      </fieldset>
      <Button type="submit" disabled={add.isPending || types.size === 0}>
        Add endpoint
      </Button>
    </form>
  );
}
