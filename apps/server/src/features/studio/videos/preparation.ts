import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../platform/database";
import type { JobHandler } from "../../../platform/jobs/worker";
import type { FileStorage } from "../../../platform/storage/port";
import { prepareVideo, VideoPrepareError } from "../../../platform/videos/prepare";
import { removeUnreferenced } from "../library/storage";
import { findVideo, setPreparation } from "./queries";

// Issue 25 §2: an uploaded video becomes an H.264/AAC MP4 every browser plays (stream-copied when it
// already is one), as a durable job; its progress is on the row. A refused or broken file ends 'failed'
// with the preparation's sentence.

export const VIDEO_PREPARATION_JOB = "videos.prepare";

/** Tried again only when the preparer was busy or stopped; a bad file fails once and for all. */
const RETRIED: readonly string[] = ["videos_busy", "video_aborted"];
/** Progress is written when it moved this much: a long transcode does not write a row a second. */
const PROGRESS_STEP = 0.05;

interface PreparationDeps {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** The server's ffmpeg (FFMPEG_PATH); ffprobe is looked for beside it. */
  ffmpegPath: string | null;
}

export function videoPreparationJobs(deps: PreparationDeps): Record<string, JobHandler> {
  const { db, storage, log } = deps;
  return {
    [VIDEO_PREPARATION_JOB]: async (payload) => {
      const id = Number(payload.id);
      const video = await findVideo(db, id);
      if (!video || video.preparation.state === "ready" || !video.uploadKey) return "skipped";
      const bytes = await storage.get(video.uploadKey);
      if (!bytes) {
        await setPreparation(db, id, { state: "failed", error: "The uploaded file is gone.", progress: 0 });
        return "done";
      }
      await setPreparation(db, id, { state: "preparing", progress: 0 });
      const work = await mkdtemp(path.join(tmpdir(), "onstage-video-"));
      let written = 0;
      let progress: Promise<unknown> = Promise.resolve();
      try {
        const extension = path.extname(video.uploadKey);
        const inputPath = path.join(work, `upload${extension}`);
        const outPath = path.join(work, "video.mp4");
        await writeFile(inputPath, bytes);
        const prepared = await prepareVideo({
          inputPath,
          fileName: `upload${extension}`,
          outPath,
          ...(deps.ffmpegPath ? { tools: { ffmpeg: deps.ffmpegPath } } : {}),
          onProgress: (fraction) => {
            if (fraction - written < PROGRESS_STEP) return;
            written = fraction;
            progress = progress.then(() =>
              setPreparation(db, id, { state: "preparing", progress: fraction }),
            );
          },
        });
        await progress;
        const videoUrl = await storage.put(video.fileKey, await readFile(outPath), "video/mp4");
        const kept = await setPreparation(db, id, {
          state: "ready",
          progress: 1,
          durationMs: prepared.durationMs,
          videoUrl,
        });
        // Deleted while it was prepared: its file goes too.
        if (!kept) await removeUnreferenced(db, storage, { slides: [], videos: [video.fileKey] });
        await storage.delete(video.uploadKey);
        return "done";
      } catch (error) {
        await progress.catch(() => undefined);
        if (error instanceof VideoPrepareError && RETRIED.includes(error.code)) throw error;
        const message =
          error instanceof VideoPrepareError ? error.message : "The video could not be prepared.";
        log.warn({ err: error, videoShareId: id }, "video preparation failed");
        await setPreparation(db, id, { state: "failed", error: message, progress: 0 });
        return "done";
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
