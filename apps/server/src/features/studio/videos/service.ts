import { randomBytes } from "node:crypto";
import {
  BadRequest,
  Conflict,
  itemNameRefusal,
  NotFound,
  type UpdateVideoShareRequest,
  type VideoShare,
  videoFileType,
  videoPositionAt,
} from "@onstage/domain";
import type { z } from "zod";
import type { Queryable } from "../../../platform/database";
import { enqueueJobs } from "../../../platform/jobs/queries";
import type { JobWorker } from "../../../platform/jobs/worker";
import type { FileStorage } from "../../../platform/storage/port";
import { removeUnreferenced } from "../library/storage";
import { requireStudioAdmin, type StudioChange } from "../studio-change";
import { VIDEO_PREPARATION_JOB } from "./preparation";
import * as q from "./queries";

// Issue 25 §2 the Videos section: upload (prepared by a job), the list, Show/Hide, and the host's play,
// pause and seek, which every viewer's program scene follows. Changes go through the studio's change.

type UpdateInput = z.output<typeof UpdateVideoShareRequest>;

const CONTENT_TYPE = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" } as const;

export interface VideosDeps {
  db: Queryable;
  storage: FileStorage;
  clock: () => Date;
  change: StudioChange;
  worker: Pick<JobWorker, "nudge">;
}

export function videosService(deps: VideosDeps) {
  const { db, storage, change } = deps;

  async function owned(viewerUserId: number, id: number) {
    const video = await q.findVideo(db, id);
    if (!video) throw NotFound("video_share_not_found");
    await requireStudioAdmin(db, viewerUserId, video.sessionId, "videos");
    return video;
  }

  return {
    /** The upload, kept until the job has made its playable MP4. */
    async upload(
      viewerUserId: number,
      sessionId: number,
      file: { fileName: string; read: () => Promise<Buffer | null> },
    ): Promise<VideoShare> {
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, "videos");
      const type = videoFileType(file.fileName);
      if (!type) throw BadRequest("video_share_type");
      const bytes = await file.read();
      if (!bytes) throw BadRequest("video_share_too_large");
      const organizationId = access.event.organizationId;
      const base = `video-shares/channel-${organizationId}/session-${sessionId}/${randomBytes(16).toString("hex")}`;
      const uploadKey = `${base}-upload.${type}`;
      await storage.put(uploadKey, bytes, CONTENT_TYPE[type]);
      const title =
        file.fileName
          .replace(/\.[A-Za-z0-9]+$/, "")
          .trim()
          .slice(0, 120) || "Video";
      const { result } = await change(sessionId, async (tx) => {
        const video = await q.insertVideo(tx, {
          organizationId,
          sessionId,
          title,
          fileKey: `${base}.mp4`,
          uploadKey,
        });
        await enqueueJobs(tx, [
          {
            kind: VIDEO_PREPARATION_JOB,
            key: `${VIDEO_PREPARATION_JOB}:${video.id}`,
            payload: { id: video.id },
            runAt: deps.clock(),
          },
        ]);
        return video;
      });
      deps.worker.nudge();
      return q.listed(result);
    },

    async list(viewerUserId: number, sessionId: number): Promise<VideoShare[]> {
      await requireStudioAdmin(db, viewerUserId, sessionId, null);
      return (await q.sessionVideos(db, sessionId)).map(q.listed);
    },

    /** Show (from where it was), hide (paused where it is), play, pause or seek, rename. */
    async update(viewerUserId: number, input: UpdateInput): Promise<VideoShare> {
      const { sessionId } = await owned(viewerUserId, input.video_share_id);
      const { data } = input;
      const { result } = await change(sessionId, async (tx) => {
        const video = await q.findVideo(tx, input.video_share_id);
        if (!video) throw NotFound("video_share_not_found");
        const { durationMs } = video.preparation;
        if (data.title !== undefined) {
          const refusal = itemNameRefusal(data.title);
          if (refusal) throw BadRequest(refusal);
          await q.rename(tx, video.id, data.title.trim());
        }
        const here = videoPositionAt(video.state, durationMs, deps.clock().getTime());
        if (data.is_active === true && !video.isActive) {
          if (video.preparation.state !== "ready") throw Conflict("video_share_not_ready");
          await q.deactivateSession(tx, sessionId);
          // A video shown again after it ended starts over.
          const from = here >= durationMs / 1000 ? 0 : here;
          await q.setState(tx, video.id, { status: "playing", position: from, isActive: true });
        }
        if (data.is_active === false && video.isActive)
          await q.setState(tx, video.id, { status: "paused", position: here, isActive: false });
        if (data.state) {
          const position = Math.min(data.state.position, durationMs / 1000);
          await q.setState(tx, video.id, { status: data.state.status, position });
        }
        return q.findVideo(tx, video.id);
      });
      if (!result) throw NotFound("video_share_not_found");
      return q.listed(result);
    },

    async remove(viewerUserId: number, id: number): Promise<void> {
      const video = await owned(viewerUserId, id);
      await change(video.sessionId, (tx) => q.deleteVideo(tx, id));
      if (video.uploadKey) await storage.delete(video.uploadKey);
      await removeUnreferenced(db, storage, { slides: [], videos: [video.fileKey] });
    },
  };
}

export type VideosService = ReturnType<typeof videosService>;
