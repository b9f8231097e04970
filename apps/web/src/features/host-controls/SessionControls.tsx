import {
  GREENROOM_ERROR_TOAST_MS,
  isForcedDisconnect,
  isHostLevel,
  type RoomResponse,
  streamFailure,
} from "@onstage/domain";
import { toast } from "../../ui/toast";
import type { RoomViewProps } from "../room-kit/roomModule";
import { CountdownOverlay } from "./CountdownOverlay";
import { HostControlBar } from "./HostControlBar";
import { moveSession } from "./sessionControlApi";
import { useGoLiveCountdown } from "./useGoLiveCountdown";
import "./host-controls.css";

/**
 * Above the stage (spec 2 §4): the host control bar for the host level, the go-live countdown for
 * everyone in the room, and the end of the session for those an ended session disconnects.
 */
export function SessionControls({ data, room, flags }: RoomViewProps) {
  const hostLevel = isHostLevel(flags);
  const { session } = room;
  const countdown = useGoLiveCountdown(room.stream, (wasOnAir) => {
    const failure = streamFailure(wasOnAir, flags);
    toast.error(failure.title, { description: failure.description, durationMs: GREENROOM_ERROR_TOAST_MS });
    // Every host tab tries; the first moves the session, the others are refused (409) and stay quiet.
    if (hostLevel && session.state === "broadcasting") {
      moveSession({ sessionId: session.id, eventId: session.eventId }, failure.recoverTo).catch(
        () => undefined,
      );
    }
  });
  return (
    <div className="session-controls">
      <p className="session-controls__state" role="status">
        {STATE_TEXT[session.state]}
      </p>
      {hostLevel && <HostControlBar room={room} flags={flags} event={data.event} />}
      {countdown && <CountdownOverlay view={countdown} room={room} canCancel={hostLevel} />}
      {isForcedDisconnect(session.state, flags) && (
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
