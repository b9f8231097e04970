import type { DashEvent, DashSession } from "@onstage/domain";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { Spinner } from "../../../ui/Spinner";
import { browserTimeZone, formatInZone } from "../zonedTime";
import { InviteSpeakerForm } from "./InviteSpeakerForm";
import { sessionName } from "./sessionName";
import { useSpeakers } from "./useSpeakers";

/** The names of the sessions with these ids, in the schedule's order. */
function sessionNames(sessions: DashSession[], ids: number[]): string {
  return sessions
    .flatMap((session, index) => (ids.includes(session.id) ? [sessionName(session, index)] : []))
    .join(", ");
}

/** Issue 23 §3.3: the event's speakers, the invitations they have not accepted yet, and the invite form. */
export function SpeakersTab({ event, sessions }: { event: DashEvent; sessions: DashSession[] }) {
  const speakers = useSpeakers(event.id);
  return (
    <section className="part-list" aria-label="Speakers">
      <h2 className="part-list__title">Speakers</h2>
      {speakers.isPending && <Spinner label="Loading the speakers…" />}
      {speakers.isError && <p role="alert">{failureText(speakers.error)}</p>}
      {speakers.data &&
        (speakers.data.speakers.length + speakers.data.invites.length === 0 ? (
          <p className="dash-empty">No speakers yet.</p>
        ) : (
          <ul className="dash-team" aria-label="Speakers and invitations">
            {speakers.data.speakers.map((speaker) => (
              <li key={speaker.userId} className="dash-team__row">
                <div className="dash-team__who">
                  <span className="dash-team__name">
                    {`${speaker.firstName} ${speaker.lastName}`.trim() || speaker.email}
                  </span>
                  <span className="dash-team__email">{speaker.email}</span>
                </div>
                <span>{sessionNames(sessions, speaker.sessionIds)}</span>
              </li>
            ))}
            {speakers.data.invites.map((invite) => (
              <li key={invite.id} className="dash-team__row">
                <div className="dash-team__who">
                  <span className="dash-team__name">{invite.email}</span>
                  <span className="dash-team__email">
                    Invitation expires {formatInZone(invite.expiresAt, browserTimeZone())}
                  </span>
                </div>
                <Badge tone="info">Invited to {sessionNames(sessions, invite.sessionIds)}</Badge>
              </li>
            ))}
          </ul>
        ))}
      <InviteSpeakerForm eventId={event.id} sessions={sessions} />
    </section>
  );
}
