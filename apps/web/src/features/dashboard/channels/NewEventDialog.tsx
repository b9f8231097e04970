import type { Channel } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { Dialog } from "../../../ui/Dialog";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { TimeZoneField } from "../form/TimeZoneField";
import { useCreateEvent } from "../useChannels";
import { browserTimeZone, fromZonedInput } from "../zonedTime";

const DEFAULT_DURATION_MINUTES = 60;

export interface NewEventDialogProps {
  channel: Channel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The least an event needs (a title and its first session); everything else is set in the editor. */
export function NewEventDialog({ channel, open, onOpenChange }: NewEventDialogProps) {
  const [, navigate] = useLocation();
  const create = useCreateEvent(channel.id);
  const [title, setTitle] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [timezone, setTimezone] = useState(browserTimeZone);
  const [duration, setDuration] = useState(String(DEFAULT_DURATION_MINUTES));
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timeScheduled = fromZonedInput(startsAt, timezone);
    const durationMinutes = Number(duration);
    if (title.trim() === "") return setRefusal("Please enter a title");
    if (!timeScheduled) return setRefusal("Please choose the date and time of the first session");
    if (!Number.isInteger(durationMinutes) || durationMinutes < 1)
      return setRefusal("Please enter a duration");
    setRefusal(null);
    create.mutate(
      { title: title.trim(), timezone, firstSession: { timeScheduled, durationMinutes } },
      {
        onSuccess: (answer) => {
          toast.success("Event created", { durationMs: DEFAULT_TOAST_MS });
          navigate(`/dash/events/${answer.event.id}`);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New event"
      description={`A new event of ${channel.name}. You can add sessions, tickets and questions next.`}
    >
      <form
        onSubmit={submit}
        noValidate
        // Any edit clears the last refusal: it spoke about the values before the edit.
        onChange={() => {
          setRefusal(null);
          create.reset();
        }}
      >
        <TextField
          label="Title"
          value={title}
          required
          data-autofocus
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label="First session date and time"
          type="datetime-local"
          hint={`In the event's time zone (${timezone}).`}
          value={startsAt}
          required
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <TimeZoneField value={timezone} onChange={setTimezone} />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
        <FormError message={refusal ?? (create.error ? failureText(create.error) : null)} />
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create event
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
