import { useQuery } from "@tanstack/react-query";
import { fetchRoom, roomKeys } from "./roomApi";

/** GET /api/video-session/room: the session's settings, the chats this viewer may read, the counts. */
export function useRoom(sessionId: number) {
  return useQuery({ queryKey: roomKeys.room(sessionId), queryFn: () => fetchRoom(sessionId) });
}
