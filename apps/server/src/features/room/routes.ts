import { RoomQuery, RoomResponse } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureDeps } from "../deps";
import { roomService } from "./service";

export function roomRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const room = roomService(deps);
  return async (app) => {
    app.get(
      "/api/video-session/room",
      {
        schema: {
          tags: ["room"],
          summary: "The session's settings, the chats the viewer may read, and the counts (spec 2 §6)",
          querystring: RoomQuery,
          response: { 200: RoomResponse },
        },
      },
      async (req) => room.room(req.viewerUserId, req.query.video_session_id, req.browserKey),
    );
  };
}
