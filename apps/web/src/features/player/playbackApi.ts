import { PlaybackResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api";
import { useTopic } from "../realtime/useTopic";

export const playbackKeys = {
  playback: (sessionId: number) => ["playback", sessionId] as const,
};

/** Ask again this long before the signed URLs expire, so a player never holds a refused token. */
const REFRESH_MARGIN_MS = 60_000;
const MIN_REFRESH_MS = 5_000;

export const fetchPlayback = (sessionId: number) =>
  api(`/api/video-session/playback?video_session_id=${sessionId}`, PlaybackResponse);

/** When to fetch signed URLs again: before `expiresAt`, never in a tight loop. */
export function playbackRefreshMs(expiresAt: string, now: number): number {
  return Math.max(MIN_REFRESH_MS, Date.parse(expiresAt) - now - REFRESH_MARGIN_MS);
}

/**
 * GET /api/video-session/playback, refetched before its URLs expire and whenever the session's stream
 * changes (go live, on air, recording, ended: `video_session_streams` on session:{id}).
 */
export function usePlayback(sessionId: number, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const key = playbackKeys.playback(sessionId);
  useTopic(
    { kind: "session", id: sessionId },
    {
      refetch: () => queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false }),
      onMessage: (message) => {
        if (message.kind === "change" && message.table === "video_session_streams")
          void queryClient.invalidateQueries({ queryKey: key });
      },
    },
  );
  return useQuery({
    queryKey: key,
    queryFn: () => fetchPlayback(sessionId),
    enabled: isEnabled,
    refetchInterval: (query) =>
      query.state.data ? playbackRefreshMs(query.state.data.expiresAt, Date.now()) : false,
  });
}
