import type { Server } from "node:http";
import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import type { S3StorageConfig } from "../../platform/storage/s3";
import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { attachCompositorSocket } from "./compositor-socket";
import { ProgramFeeds } from "./feeds";
import { bucketMediaFiles, localMediaFiles } from "./media-files";
import { streamRemoval } from "./removal";
import { programFeedRoutes } from "./routes";
import { ServerCompositors } from "./server-compositor";

export interface ProgramFeedOptions {
  httpServer: Server;
  /** The ffmpeg binary; null (none found): playback still answers, compositors are refused. */
  ffmpegPath: string | null;
  mediaDir: string;
  /** Signs the media URLs: the same on every node behind one CDN. */
  mediaSecret: string;
  /** S3_* set: every stream's HLS is mirrored to this bucket (deps.storage) and served from it. */
  s3: S3StorageConfig | undefined;
  /** COMPOSITOR=server: the Chromium that runs each live session's recorder view; null: host tabs. */
  serverCompositor: { chromiumPath: string } | null;
  /** LiveKit Egress composes the program (features/program-egress): no feed here, host tabs never send. */
  egress: boolean;
  /**
   * The LL-HLS streams served by the media route: those this node packages (the program feed's, the
   * RTMP ingest's), and with S3_* and Redis every node's (docs/decisions.md).
   */
  lowLatency: LowLatencyStreams;
}

/** Issue 11 §3, §5, §6: the program feed's upload, its HLS pipeline and recording, and playback. */
export function programFeedFeature(
  deps: FeatureDeps,
  options: ProgramFeedOptions,
): Feature & { closeUploads(): Promise<void> } {
  const { ffmpegPath, mediaDir, mediaSecret, serverCompositor, egress, s3, lowLatency } = options;
  const bucket = s3 ? { s3, mediaSecret } : null;
  const feeds =
    ffmpegPath && !egress ? new ProgramFeeds(deps, ffmpegPath, mediaDir, bucket, lowLatency) : null;
  // Without ffmpeg there is no feed to compose.
  const recorders =
    feeds && serverCompositor ? new ServerCompositors(deps, serverCompositor.chromiumPath) : null;
  const files = s3
    ? bucketMediaFiles({ bucket: deps.storage, mediaSecret, isPublic: s3.publicUrl !== undefined, mediaDir })
    : localMediaFiles(mediaDir);
  const removeStreams = streamRemoval(files, feeds, lowLatency, deps.log);
  let detach: (() => Promise<void>) | null = null;
  /** Before the HTTP server closes: its compositors' sockets (and the recorders' pages) would hold it. */
  const closeUploads = async () => {
    if (recorders) {
      deps.lifecycle.off("sessionState", recorders.onSessionState);
      options.httpServer.off("listening", recorders.resume);
      await recorders.closeAll();
    }
    await feeds?.closeUploads();
  };
  return {
    name: "program-feed",
    routes: programFeedRoutes(deps, {
      files,
      mediaDir,
      mediaSecret,
      compositor: serverCompositor || egress ? "server" : "browser",
      lowLatency,
    }),
    start() {
      detach = attachCompositorSocket(options.httpServer, deps, feeds);
      // Without ffmpeg or with Egress a reset still removes what an earlier run wrote.
      deps.lifecycle.on("streamsDeleted", removeStreams);
      if (!feeds) return;
      deps.lifecycle.on("sessionState", feeds.onSessionState);
      deps.lifecycle.on("recording", feeds.onRecording);
      if (!recorders) return;
      deps.lifecycle.on("sessionState", recorders.onSessionState);
      // The recorder views load from this server: only once it answers.
      options.httpServer.once("listening", recorders.resume);
    },
    closeUploads,
    async stop() {
      await closeUploads();
      deps.lifecycle.off("streamsDeleted", removeStreams);
      if (feeds) {
        deps.lifecycle.off("sessionState", feeds.onSessionState);
        deps.lifecycle.off("recording", feeds.onRecording);
        await feeds.stopAll();
      }
      await detach?.();
      detach = null;
    },
  };
}
