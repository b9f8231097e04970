import { type DashSession, errorMessage } from "@onstage/domain";
import { useState } from "react";
import { Checkbox } from "../../../ui/Checkbox";
import { InviteByEmailForm } from "../form/InviteByEmailForm";
import { sessionName } from "./sessionName";
import { useInviteSpeaker } from "./useSpeakers";

/** Issue 23 §3.3: an invitation by e-mail to speak in the sessions ticked; the speaker accepts by its link. */
export function InviteSpeakerForm({ eventId, sessions }: { eventId: number; sessions: DashSession[] }) {
  const invite = useInviteSpeaker(eventId);
  // A single-session event has one session to choose: it is chosen.
  const [chosen, setChosen] = useState<number[]>(() =>
    sessions.length === 1 && sessions[0] ? [sessions[0].id] : [],
  );
  const toggle = (id: number, isChosen: boolean) =>
    setChosen((ids) => (isChosen ? [...ids, id] : ids.filter((other) => other !== id)));
  return (
    <InviteByEmailForm
      who="speaker"
      invite={invite}
      request={(email) =>
        chosen.length === 0 ? errorMessage("speaker_sessions_required") : { email, sessionIds: chosen }
      }
    >
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
    </InviteByEmailForm>
  );
}
