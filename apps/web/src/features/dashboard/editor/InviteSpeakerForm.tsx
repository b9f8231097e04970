import { type DashSession, errorMessage } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { Checkbox } from "../../../ui/Checkbox";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { sessionName } from "./sessionName";
import { useInviteSpeaker } from "./useSpeakers";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Issue 23 §3.3: an invitation by e-mail to speak in the sessions ticked; the speaker accepts by its link. */
export function InviteSpeakerForm({ eventId, sessions }: { eventId: number; sessions: DashSession[] }) {
  const invite = useInviteSpeaker(eventId);
  const [email, setEmail] = useState("");
  // A single-session event has one session to choose: it is chosen.
  const [chosen, setChosen] = useState<number[]>(() =>
    sessions.length === 1 && sessions[0] ? [sessions[0].id] : [],
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const toggle = (id: number, isChosen: boolean) =>
    setChosen((ids) => (isChosen ? [...ids, id] : ids.filter((other) => other !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_SHAPE.test(email.trim())) return setRefusal(errorMessage("invalid_email"));
    if (chosen.length === 0) return setRefusal(errorMessage("speaker_sessions_required"));
    setRefusal(null);
    invite.mutate(
      { email: email.trim().toLowerCase(), sessionIds: chosen },
      {
        onSuccess: (answer) => {
          toast.success(`Invitation sent to ${answer.invite.email}`, { durationMs: DEFAULT_TOAST_MS });
          setEmail("");
        },
      },
    );
  };
  return (
    <form className="dash-invite" onSubmit={submit} noValidate aria-label="Invite speaker">
      <h3 className="dash-invite__title">Invite speaker</h3>
      <TextField
        label="Speaker email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          invite.reset();
        }}
      />
      <fieldset className="speaker-sessions">
        <legend>Speaks in</legend>
        {sessions.map((session, index) => (
          <Checkbox
            key={session.id}
            checked={chosen.includes(session.id)}
            onChange={(event) => toggle(session.id, event.target.checked)}
          >
            {sessionName(session, index)}
          </Checkbox>
        ))}
      </fieldset>
      <Button type="submit" disabled={invite.isPending}>
        Invite speaker
      </Button>
      <FormError message={refusal ?? (invite.error ? failureText(invite.error) : null)} />
    </form>
  );
}
