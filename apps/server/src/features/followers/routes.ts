import {
  ChannelIdParams,
  FollowersPage,
  FollowersQuery,
  FollowStatus,
  UnfollowQuery,
  UnfollowResponse,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FollowersService } from "./service";

const tags = ["followers"];

/** The one-click unfollow address (RFC 8058's List-Unsubscribe-Post): exempt from the CSRF check. */
export const UNFOLLOW_PATH = "/api/follows/unfollow";

export function followersRoutes(followers: FollowersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/channels/:channelId/follow",
      {
        schema: {
          tags,
          summary: "Whether the viewer follows the channel; its follower count for its team (issue 28 §3)",
          params: ChannelIdParams,
          response: { 200: FollowStatus },
        },
      },
      async (req) => followers.status(req.viewerUserId ?? null, req.params.channelId),
    );

    for (const [method, following] of [
      ["PUT", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: "/api/channels/:channelId/follow",
        schema: {
          tags,
          summary: following ? "Follow the channel (signed in)" : "Stop following the channel (signed in)",
          params: ChannelIdParams,
          response: { 200: FollowStatus },
        },
        handler: async (req) => followers.setFollowing(requireViewer(req), req.params.channelId, following),
      });
    }

    app.get(
      "/api/channels/:channelId/followers",
      {
        schema: {
          tags,
          summary: "The channel's followers, newest first; its team only (issue 28 §3)",
          params: ChannelIdParams,
          querystring: FollowersQuery,
          response: { 200: FollowersPage },
        },
      },
      async (req) => followers.followers(requireViewer(req), req.params.channelId, req.query.page),
    );

    // A mail client's one-click unfollow posts a form (RFC 8058: List-Unsubscribe=One-Click); the web
    // page posts JSON. Either way the body says nothing: the token is the request.
    await app.register(async (oneClick) => {
      oneClick.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_req, _body, done) => done(null, {}),
      );
      oneClick.withTypeProvider<ZodTypeProvider>().post(
        UNFOLLOW_PATH,
        {
          schema: {
            tags,
            summary:
              "A go-live mail's unfollow link: ends the follow it was signed for, once, without a sign-in " +
              "(also the mail's one-click List-Unsubscribe-Post address)",
            querystring: UnfollowQuery,
            response: { 200: UnfollowResponse },
          },
          config: { noViewer: true },
        },
        async (req) => followers.unfollowByLink(req.query.token, req.ip),
      );
    });
  };
}
