import { JoinStageBody, MediaRoomJoin } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { MediaRoomPort } from "../../platform/media-room/port";
import type { FeatureDeps } from "../deps";
import { stageService } from "./service";

export function stageRoutes(deps: FeatureDeps, mediaRoom: MediaRoomPort): FastifyPluginAsyncZod {
  const stage = stageService(deps.db, mediaRoom);
  return async (app) => {
    app.post(
      "/api/video-session/join-stage",
      {
        schema: {
          tags: ["stage"],
          summary:
            "Join the session's media room: stage members publish, the host's compositor watches (issue 11 §2)",
          body: JoinStageBody,
          response: { 200: MediaRoomJoin },
        },
      },
      async (req) => stage.join(requireViewer(req), req.body.video_session_id, req.body.event_id),
    );
  };
}
