import type { LiveUser, LiveUsersResponse } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTopic } from "../realtime/useTopic";
import { fetchLiveUsers, peopleKeys } from "./peopleApi";

/**
 * One presence change applied to the list: offline leaves it, anything else comes (back) first; the
 * live and idle counts follow (someone not listed was live and active before).
 */
export function applyPresence(list: LiveUsersResponse, user: LiveUser): LiveUsersResponse {
  const before = list.users.find((u) => u.userId === user.userId);
  const others = list.users.filter((u) => u !== before);
  const idleCount = Math.max(0, list.idleCount - Number(before?.idle ?? false));
  if (user.state === "offline") {
    return {
      ...list,
      users: others,
      liveCount: Math.max(0, list.liveCount - Number(before !== undefined)),
      idleCount,
    };
  }
  return {
    ...list,
    users: [user, ...others],
    liveCount: list.liveCount + Number(before === undefined),
    idleCount: idleCount + Number(user.idle),
  };
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
