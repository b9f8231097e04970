import { LiveAudience } from "./LiveAudience";
import { RegisteredUsers } from "./RegisteredUsers";
import "./people.css";

/** Spec 2 §2 people tab (the stage sections On Stage, Invited and Hands raised come with the stage). */
export function PeoplePanel({ eventId, sessionId }: { eventId: number; sessionId: number }) {
  return (
    <div className="people">
      <LiveAudience sessionId={sessionId} />
      <RegisteredUsers eventId={eventId} sessionId={sessionId} />
    </div>
  );
}
