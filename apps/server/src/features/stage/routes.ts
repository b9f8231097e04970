import { JoinStageBody, MediaRoomJoin, ProgramPublisherQuery } from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { MediaRoomPort } from "../../platform/media-room/port";
import type { FeatureDeps } from "../deps";
import { stageService } from "./service";

export function stageRoutes(deps: FeatureDeps, mediaRoom: MediaRoomPort): FastifyPluginAsyncZod {
  const stage = stageService(deps.db, mediaRoom, deps.clock);
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
      async (req) =>
        stage.join(requireViewer(req), req.body.video_session_id, req.body.event_id, req.body.view),
    );
    app.get(
      "/api/video-session/program-publisher",
      {
        schema: {
          tags: ["stage"],
          summary:
            "Where the page composing the program publishes it for the viewers who watch in real time (issue 27; host level or the recorder)",
          querystring: ProgramPublisherQuery,
          response: { 200: MediaRoomJoin },
        },
      },
      async (req) => stage.programPublisher(requireViewer(req), req.query.video_session_id),
    );
  };
}
