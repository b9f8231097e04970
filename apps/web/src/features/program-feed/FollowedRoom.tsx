import type { RoomResponse } from "@onstage/domain";
import { useSessionTopic } from "../room/useRoomTopics";

/** Keeps the room's session current from its topic (renders nothing). */
export function FollowedRoom({ room, eventCode }: { room: RoomResponse; eventCode: string }) {
  useSessionTopic(room, eventCode);
  return null;
}
