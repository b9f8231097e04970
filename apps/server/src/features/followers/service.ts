import {
  BadRequest,
  FOLLOWERS_PAGE_SIZE,
  type FollowersPage,
  type FollowStatus,
  Forbidden,
  NotFound,
  RateLimited,
  type UnfollowResponse,
} from "@onstage/domain";
import { findOrgRole } from "../../kernel/access/queries";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import type { FeatureDeps } from "../deps";
import * as q from "./queries";
import { type FollowRef, readUnfollowToken, unfollowToken } from "./tokens";

// Issue 28 §3: signed-in users follow a channel from its page or an event's; its team sees how many and
// who; every go-live mail carries a one-click unfollow link (session-control's mail job asks for it).

type Deps = Pick<FeatureDeps, "db" | "linkSecret" | "publicUrl">;

export function followersService(deps: Deps) {
  const { db } = deps;

  async function requireChannel(channelId: number) {
    const channel = await q.findChannel(db, channelId);
    if (!channel) throw NotFound("channel_not_found");
    return channel;
  }

  /** Following is an audience action: a user toggling it in a loop is held at the limit. */
  async function limit(key: ThrottleKey, code: string) {
    if (await isOverLimit(db, key)) throw RateLimited(code);
    await countAttempt(db, [key]);
  }

  async function status(viewerUserId: number | null, channelId: number): Promise<FollowStatus> {
    await requireChannel(channelId);
    const following = viewerUserId !== null && (await q.followedAt(db, channelId, viewerUserId)) !== null;
    const isTeam = viewerUserId !== null && (await findOrgRole(db, channelId, viewerUserId)) !== null;
    return { following, followerCount: isTeam ? await q.followerCount(db, channelId) : null };
  }

  return {
    status,

    async setFollowing(viewerUserId: number, channelId: number, following: boolean): Promise<FollowStatus> {
      await requireChannel(channelId);
      await limit({ scope: "follow", value: String(viewerUserId) }, "follow_rate_limited");
      if (following) await q.follow(db, channelId, viewerUserId);
      else await q.unfollow(db, channelId, viewerUserId);
      return status(viewerUserId, channelId);
    },

    /** The channel's team (owner, admins, members) reads its followers, newest first. */
    async followers(viewerUserId: number, channelId: number, page: number): Promise<FollowersPage> {
      await requireChannel(channelId);
      if ((await findOrgRole(db, channelId, viewerUserId)) === null) throw Forbidden();
      const [total, followers] = await Promise.all([
        q.followerCount(db, channelId),
        q.listFollowers(db, channelId, {
          limit: FOLLOWERS_PAGE_SIZE,
          offset: (page - 1) * FOLLOWERS_PAGE_SIZE,
        }),
      ]);
      return { total, page, pageSize: FOLLOWERS_PAGE_SIZE, followers };
    },

    /** The mail's link, no sign-in: it ends the follow it was made for, once. */
    async unfollowByLink(token: string, clientAddress: string): Promise<UnfollowResponse> {
      await limit({ scope: "unfollow-link", value: clientAddress }, "follow_rate_limited");
      const ref = readUnfollowToken(deps.linkSecret, token);
      const channel = ref && (await q.findChannel(db, ref.channelId));
      if (!ref || !channel) throw BadRequest("invalid_unfollow_link");
      const ended = await q.unfollow(db, ref.channelId, ref.userId, ref.followedAt);
      return { channelName: channel.name, outcome: ended ? "unfollowed" : "not_following" };
    },
  };
}

export type FollowersService = ReturnType<typeof followersService>;

/**
 * The unfollow link for a follower's go-live mail: the web page that ends the follow (its POST is the
 * one-click List-Unsubscribe address too).
 */
export function unfollowLink(deps: Pick<Deps, "linkSecret" | "publicUrl">, follow: FollowRef) {
  const token = unfollowToken(deps.linkSecret, follow);
  return {
    page: `${deps.publicUrl}/unfollow?token=${encodeURIComponent(token)}`,
    oneClick: `${deps.publicUrl}/api/follows/unfollow?token=${encodeURIComponent(token)}`,
  };
}
