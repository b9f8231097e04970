import {
  DeleteVideoShareRequest,
  OkResponse,
  UpdateVideoShareRequest,
  VIDEO_SHARE_MAX_BYTES,
  VideoShareResponse,
  VideoSharesQuery,
  VideoSharesResponse,
  VideoShareUploadQuery,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { registerFileUploads, uploadedFile } from "../upload-part";
import type { VideosService } from "./service";

const tags = ["studio"];

/** Issue 25 §2's video share calls, for the session's studio admins. */
export function videoRoutes(videos: VideosService): FastifyPluginAsyncZod {
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    app.get(
      "/api/video-shares",
      {
        schema: {
          tags,
          summary: "The session's shared videos, with each one's preparation (studio admins)",
          querystring: VideoSharesQuery,
          response: { 200: VideoSharesResponse },
        },
      },
      async (req) => ({ videoShares: await videos.list(requireViewer(req), req.query.video_session_id) }),
    );

    await app.register(async (scope) => {
      await registerFileUploads(scope, VIDEO_SHARE_MAX_BYTES);
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/video-shares/upload",
        {
          schema: {
            tags,
            summary: "Upload a video to share on stage (multipart field `file`: mp4, mov or webm; 200 MB)",
            consumes: ["multipart/form-data"],
            querystring: VideoShareUploadQuery,
            response: { 200: VideoShareResponse },
          },
        },
        async (req) => {
          const viewer = requireViewer(req);
          return {
            videoShare: await videos.upload(viewer, req.query.video_session_id, await uploadedFile(req)),
          };
        },
      );
    });

    app.post(
      "/api/video-shares/update",
      {
        schema: {
          tags,
          summary: "Show or hide a video, play, pause or seek it (everyone follows), or rename it",
          body: UpdateVideoShareRequest,
          response: { 200: VideoShareResponse },
        },
      },
      async (req) => ({ videoShare: await videos.update(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/video-shares/delete",
      {
        schema: {
          tags,
          summary: "Delete a shared video",
          body: DeleteVideoShareRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await videos.remove(requireViewer(req), req.body.id);
        return { ok: true as const };
      },
    );
  };
}
