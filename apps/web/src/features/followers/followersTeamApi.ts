import type { FollowersPage, UnfollowResponse } from "@onstage/domain";
import { apiJson, jsonBody } from "../../api";

// Issue 28 §3: the team's list of followers and the one-click unfollow link (lazy pages only).

export const fetchFollowers = (channelId: number, page: number) =>
  apiJson<FollowersPage>(`/api/channels/${channelId}/followers?page=${page}`);

export const unfollowByLink = (token: string) =>
  apiJson<UnfollowResponse>(`/api/follows/unfollow?token=${encodeURIComponent(token)}`, jsonBody({}));
