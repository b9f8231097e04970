import {
  type EventPageData,
  isForcedDisconnect,
  isHostLevel,
  type RoomResponse,
  type ViewerFlags,
} from "@onstage/domain";
import { CountdownOverlay } from "./CountdownOverlay";
import { HostControlBar } from "./HostControlBar";
import { useGoLiveCountdown } from "./useGoLiveCountdown";
import "./host-controls.css";

/**
 * Above the stage (spec 2 §4): the host control bar for the host level, the go-live countdown for
 * everyone in the room, and the end of the session for those an ended session disconnects.
 */
export function SessionControls({
  data,
  room,
  flags,
}: {
  data: EventPageData;
  room: RoomResponse;
  flags: ViewerFlags;
}) {
  const countdown = useGoLiveCountdown(room.stream);
  const hostLevel = isHostLevel(flags);
  return (
    <div className="session-controls">
      <p className="session-controls__state" role="status">
        {STATE_TEXT[room.session.state]}
      </p>
      {hostLevel && <HostControlBar room={room} flags={flags} event={data.event} />}
      {countdown && <CountdownOverlay view={countdown} room={room} canCancel={hostLevel} />}
      {isForcedDisconnect(room.session.state, flags) && (
        <p className="session-controls__ended">This session has ended. Thank you for joining.</p>
      )}
    </div>
  );
}

const STATE_TEXT: Record<RoomResponse["session"]["state"], string> = {
  scheduled: "Scheduled",
  greenroom: "In the greenroom",
  broadcasting: "Live",
  postevent: "Live ended",
  ended: "Ended",
};
