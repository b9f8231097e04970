import { type BroadcastType, DASH_LIMITS, type DashSession, type SessionType } from "@onstage/domain";
import { useState } from "react";
import { TextAreaField } from "../../../ui/TextAreaField";
import { TextField } from "../../../ui/TextField";
import { FormDialog } from "../form/FormDialog";
import { RadioGroup } from "../form/RadioGroup";
import { BROADCAST_TYPE_LABELS, optionsOf, SESSION_TYPE_LABELS } from "../labels";
import { fromZonedInput, toZonedInput } from "../zonedTime";
import { sessionApi } from "./editorApi";
import { usePartForm } from "./usePartForm";

export interface SessionDialogProps {
  eventId: number;
  timezone: string;
  /** Null adds a new session. */
  session: DashSession | null;
  onClose: () => void;
}

/** Add or edit a session; its time is typed in the event's own time zone. Mounted only while open. */
export function SessionDialog({ eventId, timezone, session, onClose }: SessionDialogProps) {
  const [title, setTitle] = useState(session?.title ?? "");
  const [description, setDescription] = useState(session?.description ?? "");
  const [startsAt, setStartsAt] = useState(session ? toZonedInput(session.timeScheduled, timezone) : "");
  const [duration, setDuration] = useState(String(session?.durationMinutes ?? 60));
  const [sessionType, setSessionType] = useState<SessionType>(session?.sessionType ?? "regular");
  const [broadcastType, setBroadcastType] = useState<BroadcastType>(session?.broadcastType ?? "webrtc");
  const { refuse, send, dialogProps } = usePartForm({
    eventId,
    save: (body: Parameters<typeof sessionApi.create>[1]) =>
      session ? sessionApi.update(session.id, body) : sessionApi.create(eventId, body),
    savedText: session ? "Session saved" : "Session added",
    onClose,
  });
  const submit = () => {
    const timeScheduled = fromZonedInput(startsAt, timezone);
    const durationMinutes = Number(duration);
    if (!timeScheduled) return refuse("Please choose the date and time");
    if (
      !Number.isInteger(durationMinutes) ||
      durationMinutes < 1 ||
      durationMinutes > DASH_LIMITS.sessionDurationMaxMinutes
    ) {
      return refuse(`The duration is 1 to ${DASH_LIMITS.sessionDurationMaxMinutes} minutes`);
    }
    send({ title: title.trim(), description, timeScheduled, durationMinutes, sessionType, broadcastType });
  };
  return (
    <FormDialog
      title={session ? "Edit session" : "Add session"}
      description={`Times are in the event's time zone, ${timezone}.`}
      submitLabel="Save session"
      onSubmit={submit}
      {...dialogProps}
    >
      <TextField
        label="Session title"
        value={title}
        maxLength={DASH_LIMITS.sessionTitleMaxChars}
        data-autofocus
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextAreaField
        label="Session description"
        value={description}
        maxLength={DASH_LIMITS.sessionDescriptionMaxChars}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="field-row">
        <TextField
          label="Date and time"
          type="datetime-local"
          hint={timezone}
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={DASH_LIMITS.sessionDurationMaxMinutes}
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
      </div>
      <RadioGroup
        legend="Session type"
        value={sessionType}
        options={optionsOf(SESSION_TYPE_LABELS)}
        onChange={setSessionType}
      />
      <RadioGroup
        legend="Broadcast type"
        value={broadcastType}
        options={optionsOf(BROADCAST_TYPE_LABELS)}
        onChange={setBroadcastType}
      />
    </FormDialog>
  );
}
