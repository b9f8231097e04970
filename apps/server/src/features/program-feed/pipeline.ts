import { EventEmitter } from "node:events";
import { COMPOSITOR_TIMESLICE_MS } from "@onstage/domain";
import { compositorArgs, slateArgs } from "../../media/ffmpeg-args";
import { LowLatencyRendition } from "../../media/ll-hls/rendition";
import type { LlHlsState } from "../../media/ll-hls/state";
import { type PipelineLog, PlaylistFollower, type RunStart } from "../../media/playlist-follower";
import { FfmpegRun } from "../../platform/ffmpeg/run";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";

export type { PipelineLog } from "../../media/playlist-follower";

// One live stream's HLS (issue 11 §3): one ffmpeg run at a time writes the live playlist, fed by the
// compositor's WebSocket or, while none is connected, by the "Reconnecting…" slate; media/playlist-follower.ts reads
// what the runs write. Each run also writes fragmented MP4 to its stdout, which the LL-HLS packager makes
// parts of (issue 27 §2), across runs.

interface PipelineEvents {
  /** The first segment is listed: the stream is on air. */
  live: [];
  /** The first segment of the recording is listed. */
  recorded: [];
  /** The compositor's ffmpeg exited on its own (bad input): the slate took over. */
  sourceFailed: [string];
  /** The LL-HLS packager published a part (or a new run, or the end). */
  lowLatency: [LlHlsState];
}

export interface PipelineOptions {
  ffmpegPath: string;
  dir: string;
  recording: boolean;
  slateColour: string | null;
  /** S3_*: the LL-HLS files go to the bucket too (the mirror copies the rest). */
  mirror: MirrorSettings | null;
  log: PipelineLog;
}

/** More than this waiting for ffmpeg means it cannot keep up (or the sender is not a recorder). */
const MAX_BACKLOG_BYTES = 64 * 1024 * 1024;

/** What a compositor's chunks are written to; chunks sent before its ffmpeg started wait in order. */
export class CompositorInput {
  private queued: Buffer[] = [];
  private queuedBytes = 0;
  private target: FfmpegRun | null = null;
  closed = false;
  /** When its first frame was shown, as near as this end knows: a timeslice before its first chunk came. */
  startedAt: number | null = null;

  /** False when the backlog is too large: the caller drops the compositor. */
  write(chunk: Buffer): boolean {
    if (this.closed) return true;
    this.startedAt ??= Date.now() - COMPOSITOR_TIMESLICE_MS;
    const input = this.target?.input;
    if (input) {
      input.write(chunk);
      return input.writableLength <= MAX_BACKLOG_BYTES;
    }
    this.queued.push(chunk);
    this.queuedBytes += chunk.length;
    return this.queuedBytes <= MAX_BACKLOG_BYTES;
  }

  attach(run: FfmpegRun): void {
    this.target = run;
    for (const chunk of this.queued) run.input?.write(chunk);
    this.queued = [];
    this.queuedBytes = 0;
  }
}

export class ProgramPipeline extends EventEmitter<PipelineEvents> {
  private run: FfmpegRun | null = null;
  private source: CompositorInput | "slate" | null = null;
  private switching: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly follower: PlaylistFollower;
  private readonly lowLatency: LowLatencyRendition;

  constructor(private readonly options: PipelineOptions) {
    super();
    this.lowLatency = new LowLatencyRendition({
      dir: options.dir,
      variant: "",
      mirror: options.mirror,
      publish: (state) => this.emit("lowLatency", state),
      failed: (err) => options.log.error({ err: String(err) }, "program feed: LL-HLS packaging failed"),
    });
    this.follower = new PlaylistFollower(options.dir, options.recording, options.log);
    this.follower.on("live", () => this.emit("live"));
    this.follower.on("recorded", () => this.emit("recorded"));
    this.switching = this.follower.resume();
  }

  /** A segment was written since this pipeline started. */
  get isLive(): boolean {
    return this.follower.isLive;
  }

  /** A compositor (re)connected: the current source stops, then `input` feeds a new ffmpeg run. */
  useCompositor(mimeType: string, input: CompositorInput): void {
    this.source = input;
    void this.switchTo(
      input,
      () => input.startedAt,
      () => {
        const run = new FfmpegRun(
          this.options.ffmpegPath,
          compositorArgs(mimeType, this.follower.hasSegments),
          { stdin: true, outputs: 1, cwd: this.options.dir },
        );
        input.attach(run);
        return run;
      },
    );
  }

  /** The compositor's socket closed: unless another took over, the slate keeps the stream going. */
  compositorLeft(input: CompositorInput): void {
    input.closed = true;
    if (this.source === input) this.useSlate();
  }

  /** No compositor sends (it left, or a new media process took this stream over): 'Reconnecting…'. */
  useSlate(): void {
    this.source = "slate";
    // The slate makes its frames in real time from its start (-re).
    let startedAt: number | null = null;
    void this.switchTo(
      "slate",
      () => startedAt,
      () => {
        startedAt = Date.now();
        return new FfmpegRun(this.options.ffmpegPath, slateArgs(this.options.slateColour), {
          stdin: false,
          outputs: 1,
          cwd: this.options.dir,
        });
      },
    );
  }

  setRecording(recording: boolean): void {
    this.follower.setRecording(recording);
  }

  /** Leaving broadcasting: the last segments are written, both playlists end, nothing runs any more. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.switching;
    const run = this.run;
    this.run = null;
    await run?.stop();
    await this.lowLatency.end();
    await this.follower.stop();
  }

  /** One run at a time: the previous one finishes its segment before the next appends to the playlist. */
  private switchTo(
    source: CompositorInput | "slate",
    runStart: RunStart,
    start: () => FfmpegRun,
  ): Promise<void> {
    this.switching = this.switching.then(async () => {
      const previous = this.run;
      this.run = null;
      await previous?.stop();
      if (this.stopped || this.source !== source) return;
      await this.follower.start(runStart);
      await this.lowLatency.newRun();
      const run = start();
      this.run = run;
      const [fmp4] = run.outputs;
      if (fmp4) this.lowLatency.pack(fmp4, () => run.stopping);
      void run.exited.then((code) => this.exitedOnItsOwn(run, source, code));
    });
    return this.switching;
  }

  private exitedOnItsOwn(run: FfmpegRun, source: CompositorInput | "slate", code: number | null): void {
    if (run.stopping || this.stopped) return;
    if (this.run === run) this.run = null;
    // The slate runs for SLATE_SECONDS at a time (an orphan outlives a crashed server no longer).
    if (source === "slate" && code === 0 && this.source === "slate") {
      this.useSlate();
      return;
    }
    this.options.log.error({ code, ffmpeg: run.errorOutput }, "program feed: ffmpeg exited");
    if (source === "slate" || this.source !== source) return;
    source.closed = true;
    this.emit("sourceFailed", run.errorOutput || `ffmpeg exited with ${code}`);
    this.useSlate();
  }
}
