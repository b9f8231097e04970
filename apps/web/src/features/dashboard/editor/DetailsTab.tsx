import {
  CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS,
  DASH_LIMITS,
  type DashEvent,
  registerButtonText,
} from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { PasswordField } from "../../../ui/PasswordField";
import { TextAreaField } from "../../../ui/TextAreaField";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { HintedCheckbox } from "../form/HintedCheckbox";
import { TimeZoneField } from "../form/TimeZoneField";
import { AccessFields } from "./AccessFields";
import { CoverSection } from "./CoverSection";
import { changesOf, type DetailsDraft, draftOf } from "./detailsDraft";
import { MetaPixelFields } from "./MetaPixelFields";
import { useUpdateEvent } from "./useEventEditor";

/** Title, description, cover, time zone, access, visibility, password, seats, button text and Meta pixel. */
export function DetailsTab({ event }: { event: DashEvent }) {
  const update = useUpdateEvent(event.id);
  const [draft, setDraft] = useState(() => draftOf(event));
  const [refusal, setRefusal] = useState<string | null>(null);
  const edit = (patch: Partial<DetailsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRefusal(null);
    update.reset();
  };
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const result = changesOf(event, draft);
    if (result.refusal !== null) return setRefusal(result.refusal);
    update.mutate(result.body, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer.event));
        toast.success("Event saved", { durationMs: DEFAULT_TOAST_MS });
      },
    });
  };
  const buttonText = draft.customRegisterButtonText;
  return (
    <div className="editor-details">
      <form onSubmit={submit} noValidate aria-label="Event details">
        <TextField
          label="Title"
          value={draft.title}
          maxLength={DASH_LIMITS.eventTitleMaxChars}
          onChange={(e) => edit({ title: e.target.value })}
        />
        <TextAreaField
          label="Description"
          value={draft.description}
          maxLength={DASH_LIMITS.eventDescriptionMaxChars}
          rows={6}
          onChange={(e) => edit({ description: e.target.value })}
        />
        <TimeZoneField value={draft.timezone} onChange={(timezone) => edit({ timezone })} />
        <AccessFields channelId={event.organization.id} draft={draft} onChange={edit} />
        <HintedCheckbox
          label="Private (unlisted)"
          hint="Not listed on the channel page; anyone with the link can still open it."
          checked={draft.private}
          onChange={(e) => edit({ private: e.target.checked })}
        />
        <PasswordField
          label="Event password"
          autoComplete="off"
          hint="Leave blank for no password. Visitors must enter it to register."
          value={draft.password}
          maxLength={DASH_LIMITS.eventPasswordMaxChars}
          onChange={(e) => edit({ password: e.target.value })}
        />
        <TextField
          label="Seat limit"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Leave blank for no limit. Hosts and speakers never count against it."
          value={draft.seatLimit}
          onChange={(e) => edit({ seatLimit: e.target.value })}
        />
        <TextField
          label="Custom register button text"
          value={buttonText}
          maxLength={CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS}
          hint={`${Array.from(buttonText).length} / ${CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS} characters: only the first ${CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS} are used. The button reads “${registerButtonText(buttonText)}”.`}
          onChange={(e) => edit({ customRegisterButtonText: e.target.value })}
        />
        <HintedCheckbox
          label="Multi-session"
          hint="The event has several sessions, listed as a schedule."
          checked={draft.multiSession}
          onChange={(e) => edit({ multiSession: e.target.checked })}
        />
        <HintedCheckbox
          label="Hide unregister"
          hint="Attendees cannot unregister themselves, and hosts cannot remove them."
          checked={draft.hideUnregister}
          onChange={(e) => edit({ hideUnregister: e.target.checked })}
        />
        <MetaPixelFields draft={draft} onChange={edit} />
        <FormError message={refusal ?? (update.error ? failureText(update.error) : null)} />
        <Button type="submit" disabled={update.isPending}>
          Save details
        </Button>
      </form>
      <CoverSection event={event} />
    </div>
  );
}
