import type { RoomSession, ViewerFlags } from "@onstage/domain";
import { HostToggles } from "../intents/HostToggles";
import { OwnStageControls } from "../intents/OwnStageControls";
import { StageSections } from "../intents/StageSections";
import { LiveAudience } from "./LiveAudience";
import { RegisteredUsers } from "./RegisteredUsers";
import "./people.css";

export interface PeoplePanelProps {
  session: RoomSession;
  viewerUserId: number | null;
  flags: ViewerFlags;
}

/** Spec 2 §2 people tab: host controls, On Stage, Invited to the stage, Hands raised, Live Audience, Registered. */
export function PeoplePanel({ session, viewerUserId, flags }: PeoplePanelProps) {
  return (
    <div className="people">
      <HostToggles session={session} flags={flags} />
      <OwnStageControls session={session} viewerUserId={viewerUserId} flags={flags} />
      <StageSections session={session} viewerUserId={viewerUserId} flags={flags} />
      <LiveAudience sessionId={session.id} />
      <RegisteredUsers eventId={session.eventId} sessionId={session.id} />
    </div>
  );
}
