import type { FollowStatus } from "@onstage/domain";
import { apiJson, jsonBody } from "../../api";

// Issue 28 §3: following a channel (features/followers on the server).

export const followerKeys = {
  status: (channelId: number) => ["followers", "status", channelId] as const,
  list: (channelId: number) => ["followers", "list", channelId] as const,
};

// Typed, not parsed: the Follow button is on the landing page, whose first load carries no schemas. The
// team's list and the unfollow link are in followersTeamApi.ts, out of the landing's first load.
export const fetchFollowStatus = (channelId: number) =>
  apiJson<FollowStatus>(`/api/channels/${channelId}/follow`);

export const setFollowing = (channelId: number, following: boolean) =>
  apiJson<FollowStatus>(`/api/channels/${channelId}/follow`, jsonBody({}, following ? "PUT" : "DELETE"));
