import type { LiveUser, LiveUsersResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { fetchLiveUsers, peopleKeys } from "./peopleApi";

/** One presence change applied to the list: offline leaves it, anything else comes (back) first. */
export function applyPresence(list: LiveUsersResponse, user: LiveUser): LiveUsersResponse {
  const others = list.users.filter((u) => u.userId !== user.userId);
  const wasListed = others.length !== list.users.length;
  if (user.state === "offline") {
    return { ...list, users: others, liveCount: Math.max(0, list.liveCount - (wasListed ? 1 : 0)) };
  }
  return { ...list, users: [user, ...others], liveCount: list.liveCount + (wasListed ? 0 : 1) };
}

/** Live Audience: the live users of the session, kept current by presence:{sessionId} (spec 2 §4). */
export function useLiveUsers(sessionId: number) {
  const queryClient = useQueryClient();
  const key = peopleKeys.live(sessionId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchLiveUsers(sessionId) });
  useTopic(query.data ? { kind: "presence", id: sessionId } : null, {
    since: query.data?.seq ?? null,
    refetch: () => query.refetch(),
    onMessage: (message) => {
      // The audience's stage intents share this topic (useAudienceIntents).
      if (message.table !== "video_session_users") return;
      const user = message.payload;
      if (user.sessionId !== sessionId) return;
      queryClient.setQueryData<LiveUsersResponse>(key, (old) => old && applyPresence(old, user));
    },
  });
  return query;
}
