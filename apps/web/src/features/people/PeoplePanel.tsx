import { type RoomSession, roomLayout, type ViewerFlags } from "@onstage/domain";
import { HostToggles } from "../intents/HostToggles";
import { OwnStageControls } from "../intents/OwnStageControls";
import { StageSections } from "../intents/StageSections";
import { LiveAudience } from "./LiveAudience";
import type { PersonMenuEvent } from "./PersonMenu";
import { RegisteredUsers } from "./RegisteredUsers";
import "./people.css";

export interface PeoplePanelProps {
  session: RoomSession;
  event: PersonMenuEvent;
  viewer: { userId: number | null; flags: ViewerFlags };
  /** Spec 2 §6: the live count, for members and admins only (null for everyone else). */
  liveCount: number | null;
}

/** Spec 2 §2 people tab: host controls, On Stage, Invited to the stage, Hands raised, Live Audience, Registered. */
export function PeoplePanel({ session, event, viewer, liveCount }: PeoplePanelProps) {
  return (
    <div className="people">
      <HostToggles session={session} flags={viewer.flags} />
      <OwnStageControls session={session} viewerUserId={viewer.userId} flags={viewer.flags} />
      {/* Spec 1 §4: an RTMP broadcast has no stage, so nobody is on it, invited to it or asking for it. */}
      {roomLayout(session.broadcastType) === "stage" && (
        <StageSections session={session} event={event} viewer={viewer} />
      )}
      <LiveAudience event={event} viewer={viewer} />
      <RegisteredUsers event={event} viewer={viewer} liveCount={liveCount} />
    </div>
  );
}
