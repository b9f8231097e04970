import type { RoomResponse } from "@onstage/domain";
import { DecideViewAgain, useSessionTopic } from "../room-kit/sessionTopic";

/** Keeps the room's session current from its topic, and the page's view with its state. */
export function FollowedRoom({ room, eventCode }: { room: RoomResponse; eventCode: string }) {
  useSessionTopic(room);
  return <DecideViewAgain eventCode={eventCode} state={room.session.state} />;
}
