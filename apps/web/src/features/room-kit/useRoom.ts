import { RoomResponse } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api";

export const roomKeys = {
  room: (sessionId: number) => ["room", sessionId] as const,
};

export const fetchRoom = (sessionId: number) =>
  api(`/api/video-session/room?video_session_id=${sessionId}`, RoomResponse);

/** GET /api/video-session/room: the session's settings, the chats this viewer may read, the counts. */
export function useRoom(sessionId: number) {
  return useQuery({ queryKey: roomKeys.room(sessionId), queryFn: () => fetchRoom(sessionId) });
}
