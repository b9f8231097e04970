import { EventEmitter } from "node:events";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  CAPTIONS_PLAYLIST,
  CAPTIONS_VOD_PLAYLIST,
  singleVariantMaster,
  withSubtitles,
} from "../../media/captions/hls";
import { LIVE_PLAYLIST, MASTER_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import { LL_MASTER_PLAYLIST, LL_PLAYLIST } from "../../media/ll-hls/names";
import { LowLatencyRendition } from "../../media/ll-hls/rendition";
import type { LlHlsState } from "../../media/ll-hls/state";
import { type PipelineLog, PlaylistFollower } from "../../media/playlist-follower";
import { FfmpegRun } from "../../platform/ffmpeg/run";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";
import { type Renditions, type RunOutputs, slateRunArgs, sourceArgs } from "./ingest-args";
import { COPY_BANDWIDTH, captionedRung, masterPlaylist } from "./ladder";
import type { Publisher } from "./publisher";

// One RTMP session's HLS in one directory (the greenroom preview's, or the live stream's): one ffmpeg
// run at a time, fed by the encoder or, while it is away and `slate` is set (broadcasting), by the
// "Reconnecting…" slate. One PlaylistFollower per rendition keeps its recording and deletes what
// nobody will play again, as the browser feed's pipeline does for its one rendition. A live stream's
// renditions are also packaged as LL-HLS (issue 27 §2), each from its own fMP4 pipe of the same run.

interface IngestPipelineEvents {
  /** The first segment is listed: the stream is on air. */
  live: [];
  /** The first segment of the recording is listed (a ladder's vod.m3u8 master now exists). */
  recorded: [];
  /** A rendition's LL-HLS packager published ("" for the copy, the rung's name for a ladder's). */
  lowLatency: [variant: string, state: LlHlsState];
}

export interface IngestPipelineOptions {
  ffmpegPath: string;
  dir: string;
  renditions: Renditions;
  /** The source's width / height, for the master playlist's sizes. */
  aspect: number;
  recording: boolean;
  /** Broadcasting: the slate keeps the stream going while the encoder is away. */
  slate: boolean;
  slateColour: string | null;
  /** The live stream's captions are shown: its masters list the subtitle rendition. */
  captions: boolean;
  /** Each rendition is packaged as LL-HLS too (a live stream's). */
  lowLatency: boolean;
  /** S3_*: the LL-HLS files go to the bucket too (the ingest's mirror copies the rest). */
  mirror: MirrorSettings | null;
  log: PipelineLog;
}

export class IngestPipeline extends EventEmitter<IngestPipelineEvents> {
  private readonly followers: PlaylistFollower[];
  /** One per follower, in the same order, when packaging LL-HLS. */
  private readonly lowLatency: LowLatencyRendition[];
  private run: FfmpegRun | null = null;
  private source: Publisher | "slate" | null = null;
  private switching: Promise<void>;
  private stopped = false;
  private captions: boolean;
  /** A ladder's recording master exists (its first recorded segment is listed). */
  private recorded = false;
  /** Master rewrites, one after the other (they share a temporary file name). */
  private masters: Promise<void> = Promise.resolve();

  constructor(private readonly options: IngestPipelineOptions) {
    super();
    const { renditions, dir, recording, log } = options;
    this.captions = options.captions;
    const variants = renditions.kind === "copy" ? [""] : renditions.rungs.map((rung) => rung.name);
    this.followers = variants.map((v) => new PlaylistFollower(path.join(dir, v), recording, log));
    this.lowLatency = options.lowLatency
      ? variants.map(
          (variant) =>
            new LowLatencyRendition({
              dir,
              variant,
              mirror: options.mirror,
              publish: (state) => this.emit("lowLatency", variant, state),
              failed: (err) =>
                log.error({ dir, variant, err: String(err) }, "rtmp ingest: LL-HLS packaging failed"),
            }),
        )
      : [];
    // The top rendition speaks for the stream: the others are cut from the same frames.
    this.followers[0]?.on("live", () => this.emit("live"));
    this.followers[0]?.on("recorded", () => void this.recordingStarted());
    this.switching = Promise.all(this.followers.map((f) => f.resume())).then(() => this.writeMasters());
  }

  get renditions(): Renditions {
    return this.options.renditions;
  }

  /** The video playlist the captions follow, relative to the directory: the copy's, or a middle rung's. */
  get captionedPlaylist(): string {
    const { renditions } = this.options;
    if (renditions.kind === "copy") return LIVE_PLAYLIST;
    return `${captionedRung(renditions.rungs).name}/${LIVE_PLAYLIST}`;
  }

  /** The host turned the live stream's captions on or off: the masters gain or lose the subtitle group. */
  setCaptions(captions: boolean): Promise<void> {
    if (captions === this.captions) return this.masters;
    this.captions = captions;
    return this.writeMasters();
  }

  /** The encoder (re)connected, or left (null): its media or the slate, or nothing, from now on. */
  use(publisher: Publisher | null): void {
    this.source = publisher ?? (this.options.slate ? "slate" : null);
    void this.switchTo(this.source);
  }

  setRecording(recording: boolean): void {
    for (const follower of this.followers) follower.setRecording(recording);
  }

  /** Leaving the directory (went live, ended): the last segments are written, the playlists end. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.source !== null && this.source !== "slate") this.source.feed(null);
    await this.switching;
    const run = this.run;
    this.run = null;
    await run?.stop();
    await Promise.all([
      ...this.followers.map((follower) => follower.stop()),
      ...this.lowLatency.map((rendition) => rendition.end()),
    ]);
    // The followers' last read may start the recording, whose master is written after it.
    await this.masters;
  }

  /** One run at a time: the previous one finishes its segment before the next appends to the playlists. */
  private switchTo(source: Publisher | "slate" | null): Promise<void> {
    this.switching = this.switching.then(async () => {
      const previous = this.run;
      this.run = null;
      await previous?.stop();
      if (this.stopped || this.source !== source || source === null) return;
      // The run's first segment is dated by its first frame's arrival (the slate's: its start).
      let startedAt: number | null = null;
      const runStart = () => (source === "slate" ? startedAt : source.fedFrom);
      await Promise.all(this.followers.map((follower) => follower.start(runStart)));
      await Promise.all(this.lowLatency.map((rendition) => rendition.newRun()));
      startedAt = Date.now();
      const run = this.startRun(source, {
        renditions: this.options.renditions,
        lowLatency: this.lowLatency.length > 0,
        discontinuity: this.followers.some((follower) => follower.hasSegments),
      });
      this.run = run;
      for (const [i, fmp4] of run.outputs.entries()) this.lowLatency[i]?.pack(fmp4, () => run.stopping);
      void run.exited.then((code) => this.exitedOnItsOwn(run, source, code));
    });
    // A failed switch (a follower's directory, a spawn) is this session's: logged, and the next one runs;
    // left rejected, it would end the process every encoder is on (unhandled).
    this.switching = this.switching.catch((err: unknown) =>
      this.options.log.error(
        { dir: this.options.dir },
        `rtmp ingest: switching the source failed: ${String(err)}`,
      ),
    );
    return this.switching;
  }

  /** Run in the stream's folder: every output path is relative to it. */
  private startRun(source: Publisher | "slate", outputs: RunOutputs): FfmpegRun {
    const { ffmpegPath, dir, slateColour } = this.options;
    const pipes = { cwd: dir, outputs: this.lowLatency.length };
    if (source === "slate") {
      return new FfmpegRun(ffmpegPath, slateRunArgs(outputs, slateColour), { ...pipes, stdin: false });
    }
    const run = new FfmpegRun(ffmpegPath, sourceArgs(outputs), { ...pipes, stdin: true });
    source.feed(run.input);
    return run;
  }

  private exitedOnItsOwn(run: FfmpegRun, source: Publisher | "slate", code: number | null): void {
    if (run.stopping || this.stopped || this.run !== run) return;
    this.run = null;
    // The slate runs for a while at a time; bad media from the encoder: the slate (or nothing) follows.
    if (source !== "slate" || code !== 0) {
      this.options.log.error({ code, ffmpeg: run.errorOutput }, "rtmp ingest: ffmpeg exited");
    }
    if (this.source !== source) return;
    if (source !== "slate") source.close();
    this.use(null);
  }

  /** The recording started: a ladder's vod.m3u8 is a master too, listing each variant's vod.m3u8. */
  private async recordingStarted(): Promise<void> {
    this.recorded = true;
    await this.writeMasters();
    this.emit("recorded");
  }

  /**
   * The live master: a ladder's lists its variants' live playlists (stable names: 1080p/live.m3u8...);
   * a copy gets one too, so that the subtitle rendition can be added while viewers play the same URL.
   * While captions are on, each master lists the subtitle playlist (the recording's the captions-vod).
   */
  private writeMasters(): Promise<void> {
    this.masters = this.masters.then(async () => {
      const { renditions, aspect } = this.options;
      const subtitled = (master: string, uri: string) =>
        this.captions ? withSubtitles(master, uri) : master;
      const liveMaster = (playlist: string) =>
        renditions.kind === "copy"
          ? singleVariantMaster(playlist, COPY_BANDWIDTH)
          : masterPlaylist(renditions.rungs, playlist, aspect);
      await this.writeFile(MASTER_PLAYLIST, subtitled(liveMaster(LIVE_PLAYLIST), CAPTIONS_PLAYLIST));
      // Never subtitled: the captions are timed to the MPEG-TS segments, so viewers of a captioned
      // stream get the master above (LowLatencyStreams.withhold).
      if (this.lowLatency.length > 0) await this.writeFile(LL_MASTER_PLAYLIST, liveMaster(LL_PLAYLIST));
      if (renditions.kind === "copy" || !this.recorded) return;
      const vod = masterPlaylist(renditions.rungs, VOD_PLAYLIST, aspect);
      await this.writeFile(VOD_PLAYLIST, subtitled(vod, CAPTIONS_VOD_PLAYLIST));
    });
    // A failed write is logged and the next one (a toggle) still runs.
    this.masters = this.masters.catch((err) =>
      this.options.log.error({ err }, "rtmp ingest: writing the master playlists failed"),
    );
    return this.masters;
  }

  private async writeFile(name: string, text: string): Promise<void> {
    const file = path.join(this.options.dir, name);
    await mkdir(this.options.dir, { recursive: true });
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  }
}
