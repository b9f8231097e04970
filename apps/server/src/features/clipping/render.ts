import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Clip, errorMessage } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { cutClip } from "../../platform/clips/cut";
import type { Database } from "../../platform/database";
import type { JobHandler } from "../../platform/jobs/worker";
import { type Outbox, withOutbox } from "../../platform/realtime/outbox";
import type { Realtime } from "../../platform/realtime/port";
import { emitWebhookEvent } from "../webhooks/service";
import { type ClipRender, findClip, findStreamVodUrl, setClipRender } from "./queries";
import { type RecordingPlaces, recordingFiles } from "./recording-files";
import { RecordingError, stageRange } from "./recording-range";

// Issue 26 §1: a clip is cut by a durable job on any node's worker (the node that took the request
// starts at once): the segments its range touches are copied out of the recording, stream-copied into
// an MP4 and a thumbnail, and stored; everyone reading the session hears of each step.

export const CLIP_RENDER_JOB = "clips.render";

export interface RenderDeps extends RecordingPlaces {
  db: Database;
  realtime: Realtime;
  log: FastifyBaseLogger;
  ffmpegPath: string | null;
}

/** The session's `clips` messages: the clip as everyone may see it (analytics are not in it). */
export async function announceClip(outbox: Outbox, event: "INSERT" | "UPDATE", clip: Clip): Promise<void> {
  await outbox.write(
    { kind: "session", id: clip.videoSessionId },
    { kind: "change", table: "clips", event, payload: clip },
  );
}

/** Where a clip's files are kept: by its slug, which no other clip has. */
export const clipFileKeys = (slug: string) => ({
  video: `clips/${slug}.mp4`,
  thumbnail: `clips/${slug}.jpg`,
});

/** Staging segments is most of the wait on a bucket; the copy itself is the last tenth. */
const STAGED_FRACTION = 0.9;
const PROGRESS_STEP = 0.25;

export function clipRenderJobs(deps: RenderDeps): Record<string, JobHandler> {
  const { db, storage, log } = deps;
  /** Writes the render's state and tells the session; false when the clip was deleted meanwhile. */
  const report = async (id: number, render: ClipRender) => {
    let kept = false;
    await withOutbox(db, deps.realtime, async (tx, outbox) => {
      kept = await setClipRender(tx, id, render);
      const stored = kept ? await findClip(tx, id) : null;
      if (!stored) return;
      await announceClip(outbox, "UPDATE", stored.clip);
      // Issue 28 §4: a clip is created for the channel's webhooks once it can be watched.
      if (render.state !== "ready") return;
      const { clip } = stored;
      await emitWebhookEvent(tx, {
        source: { eventId: clip.eventId },
        type: "clip.created",
        eventKey: String(id),
        data: {
          clipId: id,
          slug: clip.slug,
          title: clip.title,
          eventId: clip.eventId,
          sessionId: clip.videoSessionId,
          startTime: clip.startTime,
          endTime: clip.endTime,
          userId: clip.user?.id ?? null,
        },
        now: new Date(),
      });
    });
    return kept;
  };
  const fail = (id: number, error: string) => report(id, { state: "failed", progress: 0, error });

  return {
    [CLIP_RENDER_JOB]: async (payload) => {
      const id = Number(payload.id);
      const stored = await findClip(db, id);
      if (!stored || stored.clip.render.state === "ready") return "skipped";
      const { clip } = stored;
      if (!deps.ffmpegPath) {
        await fail(id, "Clips cannot be cut: this server has no ffmpeg.");
        return "done";
      }
      const vodUrl = stored.streamId === null ? null : await findStreamVodUrl(db, stored.streamId);
      const files = vodUrl ? recordingFiles(deps, vodUrl) : null;
      if (!files) {
        await fail(id, errorMessage("recording_gone"));
        return "done";
      }
      if (!(await report(id, { state: "rendering", progress: 0 }))) return "skipped";
      const work = await mkdtemp(path.join(tmpdir(), "onstage-clip-"));
      let reported = 0;
      let progress: Promise<unknown> = Promise.resolve();
      try {
        const staged = await stageRange(
          files,
          { start: clip.startTime, end: clip.endTime },
          work,
          (fraction) => {
            const overall = fraction * STAGED_FRACTION;
            if (overall - reported < PROGRESS_STEP) return;
            reported = overall;
            progress = progress.then(() => report(id, { state: "rendering", progress: overall }));
          },
        );
        await progress;
        const outPath = path.join(work, "clip.mp4");
        const thumbnailPath = path.join(work, "clip.jpg");
        await cutClip({
          ffmpeg: deps.ffmpegPath,
          playlist: staged.playlist,
          startSeconds: staged.startSeconds,
          durationSeconds: clip.endTime - clip.startTime,
          outPath,
          thumbnailPath,
        });
        const keys = clipFileKeys(clip.slug);
        const videoUrl = await storage.put(keys.video, await readFile(outPath), "video/mp4");
        const thumbnailUrl = await storage.put(keys.thumbnail, await readFile(thumbnailPath), "image/jpeg");
        const kept = { fileKey: keys.video, videoUrl, thumbnailKey: keys.thumbnail, thumbnailUrl };
        // Deleted while it was cut: its files go too.
        if (!(await report(id, { state: "ready", progress: 1, files: kept }))) {
          await Promise.all([storage.delete(keys.video), storage.delete(keys.thumbnail)]);
        }
        return "done";
      } catch (error) {
        await progress.catch(() => undefined);
        log.warn({ err: error, clipId: id }, "cutting a clip failed");
        const message = error instanceof RecordingError ? error.message : "The clip could not be cut.";
        await fail(id, message);
        return "done";
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
