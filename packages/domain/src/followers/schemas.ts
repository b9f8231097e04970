import { z } from "zod";

// Issue 28 §3: following a channel (spec 2 §4: a go-live may notify its followers).
//   GET    /api/channels/:channelId/follow                  → FollowStatus
//   PUT    /api/channels/:channelId/follow                  → FollowStatus (signed in)
//   DELETE /api/channels/:channelId/follow                  → FollowStatus (signed in)
//   GET    /api/channels/:channelId/followers?page=         → FollowersPage (the channel's team)
//   POST   /api/follows/unfollow?token=                     → UnfollowResponse (the go-live mail's link, no sign-in)

export const FollowStatus = z.object({
  following: z.boolean(),
  /** How many follow the channel: told to its team only (null for everyone else). */
  followerCount: z.number().int().nonnegative().nullable(),
});
export type FollowStatus = z.infer<typeof FollowStatus>;

/** Followers shown a page at a time, newest first. */
export const FOLLOWERS_PAGE_SIZE = 50;

export const FollowersQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const Follower = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
  followedAt: z.iso.datetime(),
});
export type Follower = z.infer<typeof Follower>;

export const FollowersPage = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  followers: z.array(Follower),
});
export type FollowersPage = z.infer<typeof FollowersPage>;

/** The signed token of one follow (channel, user, when they followed): a new follow needs a new link. */
export const UnfollowQuery = z.object({ token: z.string().min(1).max(200) });

export const UnfollowResponse = z.object({
  channelName: z.string(),
  /** unfollowed: this link ended the follow; not_following: it had ended already (the link works once). */
  outcome: z.enum(["unfollowed", "not_following"]),
});
export type UnfollowResponse = z.infer<typeof UnfollowResponse>;
