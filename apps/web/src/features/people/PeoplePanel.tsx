import type { ViewerFlags } from "@onstage/domain";
import { LiveAudience } from "./LiveAudience";
import type { PersonMenuEvent } from "./PersonMenu";
import { RegisteredUsers } from "./RegisteredUsers";
import "./people.css";

export interface PeoplePanelProps {
  event: PersonMenuEvent;
  viewer: { userId: number | null; flags: ViewerFlags };
  /** Spec 2 §6: the live count, for members and admins only (null for everyone else). */
  liveCount: number | null;
}

/** Spec 2 §2 people tab (the stage sections On Stage, Invited and Hands raised come with the stage). */
export function PeoplePanel({ event, viewer, liveCount }: PeoplePanelProps) {
  return (
    <div className="people">
      <LiveAudience sessionId={event.sessionId} />
      <RegisteredUsers event={event} viewer={viewer} liveCount={liveCount} />
    </div>
  );
}
