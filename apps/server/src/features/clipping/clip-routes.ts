import {
  ClipAnalytics,
  ClipDataQuery,
  ClipDownloadResponse,
  ClipPage,
  ClipResponse,
  ClipSlugParams,
  ClipsQuery,
  ClipsResponse,
  CreateClipBody,
  DeleteClipBody,
  Id,
  NotFound,
  RateLimited,
  RenameClipBody,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { Database } from "../../platform/database";
import { attachment, type FileStorage } from "../../platform/storage/port";
import { countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import { type ClipsService, clipViewerKey } from "./clips-service";

// Issue 26: the clips API (spec 2 §7 create clip; spec 3 §7 delete, rename, download, get-clip-data),
// and the public clip page's data, file and views.

const Ok = z.object({ status: z.literal("ok") });

export function clipRoutes(
  clips: ClipsService,
  deps: { db: Database; storage: FileStorage },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["clips"];
    app.get(
      "/api/clips",
      {
        schema: {
          tags,
          summary:
            "The session's clips by start_time; views and registrations for owners, admins and channel members",
          querystring: ClipsQuery,
          response: { 200: ClipsResponse },
        },
      },
      async (req) => clips.list(req.viewerUserId, req.query.video_session_id),
    );
    app.post(
      "/api/clips",
      {
        schema: {
          tags,
          summary:
            "Clip a range of the session's recording (at most 60 s): the team while live and after, guests once it ended (spec 2 §2, §5)",
          body: CreateClipBody,
          response: { 200: ClipResponse },
        },
      },
      async (req) => ({ clip: await clips.create(requireViewer(req), req.body) }),
    );
    app.post(
      "/api/clips/rename",
      {
        schema: {
          tags,
          summary: "Rename a clip: its author, an owner or admin, a studio admin (spec 3 §6)",
          body: RenameClipBody,
          response: { 200: ClipResponse },
        },
      },
      async (req) => ({ clip: await clips.rename(requireViewer(req), req.body.id, req.body.title) }),
    );
    app.post(
      "/api/clips/delete",
      {
        schema: {
          tags,
          summary: "Delete a clip and its files: its author, an owner or admin, a studio admin (spec 3 §6)",
          body: DeleteClipBody,
          response: { 200: Ok },
        },
      },
      async (req) => {
        await clips.remove(requireViewer(req), req.body.clip_id, req.body.event_id);
        return { status: "ok" as const };
      },
    );
    app.get(
      "/api/clip/data",
      {
        schema: {
          tags,
          summary: "get-clip-data: a clip's views and registrations, for owners, admins and channel members",
          querystring: ClipDataQuery,
          response: { 200: ClipAnalytics },
        },
      },
      async (req) => clips.data(requireViewer(req), req.query.clip_id, req.query.event_id),
    );
    app.get(
      "/api/clip/:slug/download",
      {
        schema: {
          tags,
          summary:
            "Where the clip's MP4 is saved as '{title}.mp4': its author, an owner or admin, a studio admin",
          params: ClipSlugParams,
          response: { 200: ClipDownloadResponse },
        },
      },
      async (req) => clips.download(requireViewer(req), req.params.slug),
    );
    app.get(
      "/api/clip/:slug/file",
      {
        schema: {
          tags,
          summary: "The clip's MP4 as an attachment named '{title}.mp4'",
          params: ClipSlugParams,
        },
      },
      async (req, reply) => {
        const file = await clips.file(req.params.slug);
        if (!file) throw NotFound("clip_not_found");
        const signed = await deps.storage.downloadUrl(file.key, file.fileName);
        if (signed) return reply.header("cache-control", "private, max-age=60").redirect(signed, 302);
        const bytes = await deps.storage.get(file.key);
        if (!bytes) throw NotFound("clip_not_found");
        return reply.type("video/mp4").header("content-disposition", attachment(file.fileName)).send(bytes);
      },
    );
    app.get(
      "/api/clip/:slug",
      {
        schema: {
          tags,
          summary: "The public clip page: the clip and the event it brings registrations to",
          params: ClipSlugParams,
          response: { 200: ClipPage },
        },
      },
      async (req) => {
        const page = await clips.page({ slug: req.params.slug });
        if (!page) throw NotFound("clip_not_found");
        return page;
      },
    );
    app.get(
      "/api/clips/:id",
      {
        schema: {
          tags,
          summary: "The clip an event page's ?clip_id= opens (spec 1 §2), as the clip page has it",
          params: z.object({ id: z.coerce.number().pipe(Id) }).strict(),
          response: { 200: ClipPage },
        },
      },
      async (req) => {
        const page = await clips.page({ id: req.params.id });
        if (!page) throw NotFound("clip_not_found");
        return page;
      },
    );
    app.post(
      "/api/clip/:slug/view",
      {
        schema: {
          tags,
          summary: "The clip page's video played: counted once per viewer per hour",
          params: ClipSlugParams,
          response: { 200: Ok },
        },
      },
      async (req) => {
        const address: ThrottleKey = { scope: "clip-view", value: req.ip };
        if (await isOverLimit(deps.db, address)) throw RateLimited("too_fast");
        await countAttempt(deps.db, [address]);
        const viewer = clipViewerKey(req.viewerUserId, req.ip, String(req.headers["user-agent"] ?? ""));
        await clips.view(req.params.slug, viewer);
        return { status: "ok" as const };
      },
    );
  };
}
