import { EventEmitter } from "node:events";
import { type FSWatcher, readFileSync, watch } from "node:fs";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { FfmpegRun } from "../../platform/ffmpeg/run";
import { compositorArgs, LIVE_PLAYLIST, slateArgs, VOD_PLAYLIST } from "./ffmpeg-args";
import { parsePlaylist, RecordingWriter, type Segment } from "./playlists";

// One live stream's HLS (issue 11 §3): one ffmpeg run at a time writes the live playlist, fed by the
// compositor's WebSocket or, while none is connected, by the "Reconnecting…" slate. This class reads
// the live playlist back each time ffmpeg renames a new one into place (inotify, not a timer: nothing
// runs between segments) to notice the first segment (the stream is on air), to keep the recording's
// playlist, and to delete the segments nobody will play again.

/** A segment that left the live playlist stays this long for players still fetching it. */
const DELETE_AFTER_MS = 10_000;

interface PipelineEvents {
  /** The first segment is listed: the stream is on air. */
  live: [];
  /** The first segment of the recording is listed. */
  recorded: [];
  /** The compositor's ffmpeg exited on its own (bad input): the slate took over. */
  sourceFailed: [string];
}

/** Where the pipeline reports what went wrong (the server's logger, or the media process's relay of it). */
export interface PipelineLog {
  error(context: Record<string, unknown>, message: string): void;
}

export interface PipelineOptions {
  ffmpegPath: string;
  dir: string;
  recording: boolean;
  slateColour: string | null;
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

  /** False when the backlog is too large: the caller drops the compositor. */
  write(chunk: Buffer): boolean {
    if (this.closed) return true;
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
  private live = false;
  private recording: boolean;
  /** A pause since the last recorded segment: the next one starts after a discontinuity. */
  private gap = false;
  private readonly seen = new Set<string>();
  private recorded: RecordingWriter;
  /** Unrecorded segments not deleted yet, with when they left the live playlist. */
  private readonly unrecorded = new Map<string, number | null>();
  private watcher: FSWatcher | null = null;
  private polling: Promise<void> = Promise.resolve();

  constructor(private readonly options: PipelineOptions) {
    super();
    this.recording = options.recording;
    this.recorded = new RecordingWriter(this.file(VOD_PLAYLIST), []);
    this.switching = this.resume();
  }

  private file(name: string): string {
    return path.join(this.options.dir, name);
  }

  /**
   * A stream this node already wrote (the server restarted mid-broadcast): what was listed stays
   * listed, the recording keeps its segments, and the next run follows a discontinuity.
   */
  private async resume(): Promise<void> {
    const read = (name: string) => readFile(this.file(name), "utf8").catch(() => "");
    const recorded = parsePlaylist(await read(VOD_PLAYLIST));
    this.recorded = new RecordingWriter(this.file(VOD_PLAYLIST), recorded);
    for (const segment of [...recorded, ...parsePlaylist(await read(LIVE_PLAYLIST))]) {
      this.seen.add(segment.uri);
    }
    this.gap = recorded.length > 0;
  }

  /** A segment was written since this pipeline started. */
  get isLive(): boolean {
    return this.live;
  }

  /** A compositor (re)connected: the current source stops, then `input` feeds a new ffmpeg run. */
  useCompositor(mimeType: string, input: CompositorInput): void {
    this.source = input;
    void this.switchTo(input, () => {
      const run = new FfmpegRun(
        this.options.ffmpegPath,
        compositorArgs(mimeType, this.options.dir, this.seen.size > 0),
        { stdin: true },
      );
      input.attach(run);
      return run;
    });
  }

  /** The compositor's socket closed: unless another took over, the slate keeps the stream going. */
  compositorLeft(input: CompositorInput): void {
    input.closed = true;
    if (this.source === input) this.useSlate();
  }

  setRecording(recording: boolean): void {
    if (this.recording && !recording) this.gap = true;
    this.recording = recording;
  }

  /** Leaving broadcasting: the last segments are written, both playlists end, nothing runs any more. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.watcher?.close();
    await this.switching;
    const run = this.run;
    this.run = null;
    await run?.stop();
    await this.poll();
    await this.end();
  }

  private useSlate(): void {
    this.source = "slate";
    void this.switchTo(
      "slate",
      () =>
        new FfmpegRun(this.options.ffmpegPath, slateArgs(this.options.dir, this.options.slateColour), {
          stdin: false,
        }),
    );
  }

  /** One run at a time: the previous one finishes its segment before the next appends to the playlist. */
  private switchTo(source: CompositorInput | "slate", start: () => FfmpegRun): Promise<void> {
    this.switching = this.switching.then(async () => {
      const previous = this.run;
      this.run = null;
      await previous?.stop();
      if (this.stopped || this.source !== source) return;
      await mkdir(this.options.dir, { recursive: true });
      this.watchLivePlaylist();
      await this.poll();
      const run = start();
      this.run = run;
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

  /** ffmpeg writes the playlist to a temporary file and renames it: one event per new playlist. */
  private watchLivePlaylist(): void {
    if (this.watcher) return;
    this.watcher = watch(this.options.dir, (_type, name) => {
      if (name === LIVE_PLAYLIST) void this.poll();
    });
    this.watcher.on("error", (err) => {
      this.options.log.error({ err }, "program feed: watching the live playlist failed");
    });
  }

  private poll(): Promise<void> {
    this.polling = this.polling
      .then(() => this.readLivePlaylist())
      .catch((err) => {
        this.options.log.error({ err }, "program feed: reading the live playlist failed");
      });
    return this.polling;
  }

  private async readLivePlaylist(): Promise<void> {
    let text: string;
    try {
      // Synchronous: a playlist is under 1 KB and the media process has nothing else waiting, while
      // the thread pool's open/stat/read/close hops cost several times the read, once a second.
      text = readFileSync(this.file(LIVE_PLAYLIST), "utf8");
    } catch {
      return;
    }
    const listed = parsePlaylist(text);
    const wasLive = this.live;
    const hadRecording = !this.recorded.isEmpty;
    const recordedNow: Segment[] = [];
    for (const segment of listed) {
      if (this.seen.has(segment.uri)) continue;
      this.seen.add(segment.uri);
      this.live = true;
      if (!this.recording) {
        this.unrecorded.set(segment.uri, null);
        continue;
      }
      recordedNow.push({ ...segment, discontinuity: segment.discontinuity || this.gap });
      this.gap = false;
    }
    await this.forgetOldSegments(new Set(listed.map((s) => s.uri)));
    await this.recorded.append(recordedNow);
    if (!wasLive && this.live) this.emit("live");
    if (!hadRecording && !this.recorded.isEmpty) this.emit("recorded");
  }

  /** Segments that left the live window and are not in the recording are deleted a little later. */
  private async forgetOldSegments(listed: Set<string>): Promise<void> {
    const now = Date.now();
    for (const [uri, left] of this.unrecorded) {
      if (listed.has(uri)) continue;
      if (left === null) this.unrecorded.set(uri, now);
      else if (now - left > DELETE_AFTER_MS) {
        this.unrecorded.delete(uri);
        await unlink(this.file(uri)).catch(() => undefined);
      }
    }
  }

  /** Players stop at #EXT-X-ENDLIST: on the live playlist (the stream ended) and on the recording. */
  private async end(): Promise<void> {
    await this.recorded.end();
    const live = this.file(LIVE_PLAYLIST);
    const text = await readFile(live, "utf8").catch(() => null);
    if (text !== null && !text.includes("#EXT-X-ENDLIST")) {
      await writeFile(`${live}.tmp`, `${text.trimEnd()}\n#EXT-X-ENDLIST\n`);
      await rename(`${live}.tmp`, live);
    }
  }
}
