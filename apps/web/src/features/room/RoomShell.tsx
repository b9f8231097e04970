import { type EventPageData, type RoomResponse, roomLayout, type ViewerFlags } from "@onstage/domain";
import { Button } from "../../ui/Button";
import { useMe } from "../account/useMe";
import { SessionControls } from "../host-controls/SessionControls";
import { OpenStageBar } from "../intents/OpenStageBar";
import { StageInviteDialog } from "../intents/StageInviteDialog";
import { ModuleSettings } from "../module-settings/ModuleSettings";
import { RoomPlanNotices } from "../plans/RoomPlanNotices";
import { useAudienceDelivery } from "../player/audienceDelivery";
import { ProgramClockProvider } from "../player/ProgramClock";
import { SessionScreen } from "../player/SessionScreen";
import { HostProgramFeed } from "../program-feed/HostProgramFeed";
import { usePresence } from "../realtime/usePresence";
import { ConnectionStatus } from "../room-kit/ConnectionStatus";
import { DecideViewAgain, useSessionTopic } from "../room-kit/sessionTopic";
import { RtmpStage } from "../rtmp/RtmpStage";
import { Stage } from "../stage/Stage";
import { OfferOnAir } from "../studio/OfferOnAir";
import { AudienceCallDialog } from "./AudienceCallDialog";
import { browserId } from "./browserId";
import { LiveCount } from "./LiveCount";
import { RoomSidebar } from "./RoomSidebar";
import { useAnswerTabProbes } from "./tabProbe";
import { UnsupportedBrowserBanner } from "./UnsupportedBrowserBanner";
import { useLeaveBeacon } from "./useLeaveBeacon";
import { useEventTopic, useUserTopic } from "./useRoomTopics";
import { useSidebarPosition } from "./useSidebarPosition";
import { useStageMembership } from "./useStageMembership";

export interface RoomShellProps {
  data: EventPageData;
  room: RoomResponse;
  urlHash: string;
  flags: ViewerFlags;
  onTakenElsewhere: () => void;
}

/** Spec 1 §2 live room: header with the counts, realtime status, the stage and the sidebar. */
export function RoomShell({ data, room, urlHash, flags, onTakenElsewhere }: RoomShellProps) {
  const { user } = useMe();
  const userId = user?.id ?? null;
  const { session } = room;
  useSessionTopic(room);
  const audienceCall = useEventTopic(room, data.event.eventCode, flags);
  useUserTopic({ userId, room, eventCode: data.event.eventCode, onTakenElsewhere });
  usePresence(userId === null ? null : session.id, browserId());
  useLeaveBeacon(session.id, userId);
  useAnswerTabProbes(session.id);
  const [sidebarPosition, setSidebarPosition] = useSidebarPosition();
  const viewer = { userId, emailVerified: user?.emailVerified ?? room.viewer.emailVerified, flags };
  const stage = useStageMembership(session, flags, userId);
  const audience = useAudienceDelivery(session, userId);
  // Issue 27: a live picture over WebRTC is as current as the stage: nothing waits for it.
  const isRealtime =
    stage.isStageView || (audience.delivery === "webrtc" && session.state === "broadcasting");
  // Spec 1 §4: an RTMP broadcast's picture is the encoder's, so its room has no camera stage.
  const hasStage = roomLayout(session.broadcastType) === "stage";
  return (
    <div className="room">
      <header className="room__header">
        <div>
          <h1 className="room__title">{data.event.title}</h1>
          {session.title && <p className="room__session">{session.title}</p>}
        </div>
        <p className="room__counts">
          <span>{room.registeredCount} registered</span>
          {/* Spec 2 §6: only members or admins see the live count (null for everyone else). */}
          {room.liveCount !== null && (
            <LiveCount sessionId={session.id} initial={room.liveCount} limit={room.liveAttendeeLimit} />
          )}
        </p>
        <div className="room__tools">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setSidebarPosition(sidebarPosition === "right" ? "bottom" : "right")}
          >
            {sidebarPosition === "right" ? "Move sidebar below" : "Move sidebar right"}
          </Button>
          <ModuleSettings data={data} room={room} flags={flags} />
        </div>
      </header>
      <UnsupportedBrowserBanner />
      <RoomPlanNotices room={room} flags={flags} />
      <ConnectionStatus />
      {/* On stage, the host's stage connection feeds the program (Stage); off stage, a watching one. */}
      {!stage.isOnStage && <HostProgramFeed session={session} flags={flags} title={data.event.title} />}
      <SessionControls data={data} room={room} flags={flags} />
      {/* The sidebar's modules keep in step with the picture this viewer sees (issue 12 §11). */}
      <ProgramClockProvider state={session.state} seesStage={isRealtime} endedAt={session.timeBroadcastEnd}>
        <DecideViewAgain eventCode={data.event.eventCode} state={session.state} />
        <div className={`room__body room__body--${sidebarPosition}`}>
          <section className={hasStage ? "room__stage" : "room__stage room__stage--rtmp"} aria-label="Stage">
            {stage.openStage && <OpenStageBar {...stage.openStage} />}
            {!hasStage ? (
              <RtmpStage data={data} room={room} flags={flags} />
            ) : stage.isStageView ? (
              <Stage room={room} flags={flags} title={data.event.title} onStageChange={stage.onStageChange} />
            ) : (
              <SessionScreen data={data} room={room} flags={flags} audience={audience} />
            )}
            <OfferOnAir sessionId={session.id} userId={userId} />
          </section>
          <RoomSidebar data={data} room={room} urlHash={urlHash} viewer={viewer} />
        </div>
      </ProgramClockProvider>
      <StageInviteDialog session={session} open={stage.isInvited} />
      <AudienceCallDialog
        call={audienceCall.pendingCall}
        onAccept={audienceCall.acceptCall}
        onStay={audienceCall.stay}
      />
    </div>
  );
}
