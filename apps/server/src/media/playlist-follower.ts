import { EventEmitter } from "node:events";
import { type FSWatcher, readFileSync, renameSync, watch, writeFileSync } from "node:fs";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { FFMPEG_PLAYLIST, LIVE_PLAYLIST, VOD_PLAYLIST } from "./ffmpeg-args";
import {
  datedPlaylist,
  parsePlaylist,
  programDateOf,
  RecordingWriter,
  type Segment,
  withProgramDate,
} from "./playlists";

// One directory's live playlist, read back each time ffmpeg renames a new one into place (inotify, not
// a timer: nothing runs between segments) to notice the first segment (the stream is on air), to
// publish it with program dates of its own, to keep the recording's playlist, and to delete the
// segments nobody will play again. The program feed has one; an RTMP ladder one per rendition.
//
// Program dates: ffmpeg dates a run's first segment by the clock when its muxer started, which is
// after the input began by however long the input waited (the previous run finishing its segment,
// ffmpeg starting on a loaded machine: seconds). Every later frame would then read that much later
// than it was shown on the stage, and a poll would reach an HLS viewer before the picture announcing
// it (issue 12 §11). A run's first segment is dated by when its input began, each next one by the
// previous one's date plus its duration.

/** When a run's input began (epoch ms), once it has; null keeps ffmpeg's own date. */
export type RunStart = () => number | null;

/** A segment that left the live playlist stays this long for players still fetching it. */
const DELETE_AFTER_MS = 10_000;

interface FollowerEvents {
  /** The first segment is listed: the stream is on air. */
  live: [];
  /** The first segment of the recording is listed. */
  recorded: [];
}

/** Where the pipeline reports what went wrong (the server's logger, or the media process's relay of it). */
export interface PipelineLog {
  error(context: Record<string, unknown>, message: string): void;
}

/** A child process's log: each error goes to the server as an `error` message, its context as text. */
export function relayedLog(
  send: (message: { kind: "error"; message: string; context: Record<string, string> }) => void,
): PipelineLog {
  return {
    error: (context, message) =>
      send({
        kind: "error",
        message,
        context: Object.fromEntries(Object.entries(context).map(([key, value]) => [key, String(value)])),
      }),
  };
}

export class PlaylistFollower extends EventEmitter<FollowerEvents> {
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
  /** The program date of each listed segment (epoch ms). */
  private dates = new Map<string, number>();
  /** The last segment dated: the next one of the same run follows it. */
  private lastDated: { date: number; duration: number } | null = null;
  /** A run started and its first segment is not dated yet. */
  private runStart: RunStart | null = null;

  constructor(
    private readonly dir: string,
    recording: boolean,
    private readonly log: PipelineLog,
  ) {
    super();
    this.recording = recording;
    this.recorded = new RecordingWriter(this.file(VOD_PLAYLIST), []);
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  /**
   * A stream this node already wrote (the server restarted mid-broadcast): what was listed stays
   * listed, the recording keeps its segments, and the next run follows a discontinuity.
   */
  async resume(): Promise<void> {
    const read = (name: string) => readFile(this.file(name), "utf8").catch(() => "");
    const live = await read(LIVE_PLAYLIST);
    if (live !== "") await this.adoptLivePlaylist(live);
    const recorded = parsePlaylist(await read(VOD_PLAYLIST));
    this.recorded = new RecordingWriter(this.file(VOD_PLAYLIST), recorded);
    for (const segment of [...recorded, ...parsePlaylist(live)]) {
      this.seen.add(segment.uri);
      const date = programDateOf(segment);
      if (date !== null) {
        this.dates.set(segment.uri, date);
        this.lastDated = { date, duration: segment.duration };
      }
    }
    this.gap = recorded.length > 0;
  }

  /**
   * A stream begun by a version whose ffmpeg wrote live.m3u8 itself: its next run must append to that
   * list, or it would number from live0.ts again over segments already published and recorded.
   */
  private async adoptLivePlaylist(text: string): Promise<void> {
    // The end this server wrote when it stopped is not ffmpeg's: the next run goes on after it.
    const open = text.replace("#EXT-X-ENDLIST\n", "");
    await writeFile(this.file(FFMPEG_PLAYLIST), open, { flag: "wx" }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "EEXIST") throw err;
    });
  }

  /** A segment was written since this follower started. */
  get isLive(): boolean {
    return this.live;
  }

  /** Some segment is listed already: the next ffmpeg run appends after a discontinuity. */
  get hasSegments(): boolean {
    return this.seen.size > 0;
  }

  setRecording(recording: boolean): void {
    if (this.recording && !recording) this.gap = true;
    this.recording = recording;
  }

  /**
   * Before an ffmpeg run writes: the directory exists and is watched, what is there is read. `runStart`
   * dates the run's first segment.
   */
  async start(runStart: RunStart): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.watchLivePlaylist();
    await this.poll();
    this.runStart = runStart;
  }

  /** After the last run stopped: the last segments are read, both playlists end. */
  async stop(): Promise<void> {
    this.watcher?.close();
    await this.poll();
    await this.end();
  }

  /** ffmpeg writes the playlist to a temporary file and renames it: one event per new playlist. */
  private watchLivePlaylist(): void {
    if (this.watcher) return;
    this.watcher = watch(this.dir, (_type, name) => {
      if (name === FFMPEG_PLAYLIST) void this.poll();
    });
    this.watcher.on("error", (err) => {
      this.log.error({ err }, "program feed: watching the live playlist failed");
    });
  }

  private poll(): Promise<void> {
    this.polling = this.polling
      .then(() => this.readLivePlaylist())
      .catch((err) => {
        this.log.error({ err }, "program feed: reading the live playlist failed");
      });
    return this.polling;
  }

  private async readLivePlaylist(): Promise<void> {
    let text: string;
    try {
      // Synchronous: a playlist is under 1 KB and the media process has nothing else waiting, while
      // the thread pool's open/stat/read/close hops cost several times the read, once a second.
      text = readFileSync(this.file(FFMPEG_PLAYLIST), "utf8");
    } catch {
      return;
    }
    const wasLive = this.live;
    const hadRecording = !this.recorded.isEmpty;
    const recordedNow: Segment[] = [];
    const listed = parsePlaylist(text).map((listedSegment) => {
      if (this.seen.has(listedSegment.uri)) return listedSegment;
      this.seen.add(listedSegment.uri);
      this.live = true;
      const segment = this.dated(listedSegment);
      if (!this.recording) {
        this.unrecorded.set(segment.uri, null);
        return segment;
      }
      recordedNow.push({ ...segment, discontinuity: segment.discontinuity || this.gap });
      this.gap = false;
      return segment;
    });
    this.publish(text, listed);
    await this.forgetOldSegments(new Set(listed.map((s) => s.uri)));
    await this.recorded.append(recordedNow);
    if (!wasLive && this.live) this.emit("live");
    if (!hadRecording && !this.recorded.isEmpty) this.emit("recorded");
  }

  /** A new segment's program date: its run's start for the first, else the previous one's end. */
  private dated(segment: Segment): Segment {
    const previous = this.lastDated;
    const date =
      this.runStart !== null
        ? (this.runStart() ?? programDateOf(segment))
        : previous
          ? previous.date + previous.duration * 1000
          : programDateOf(segment);
    this.runStart = null;
    if (date === null) return segment;
    this.lastDated = { date, duration: segment.duration };
    this.dates.set(segment.uri, date);
    return withProgramDate(segment, date);
  }

  /** ffmpeg's playlist with this follower's dates, renamed into place as ffmpeg does (one event). */
  private publish(text: string, listed: readonly Segment[]): void {
    const listedNow = new Set(listed.map((segment) => segment.uri));
    for (const uri of this.dates.keys()) if (!listedNow.has(uri)) this.dates.delete(uri);
    const live = this.file(LIVE_PLAYLIST);
    writeFileSync(`${live}.tmp`, datedPlaylist(text, this.dates));
    renameSync(`${live}.tmp`, live);
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
