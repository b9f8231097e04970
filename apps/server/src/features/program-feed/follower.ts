import { EventEmitter } from "node:events";
import { type FSWatcher, readFileSync, watch } from "node:fs";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "./ffmpeg-args";
import { parsePlaylist, RecordingWriter, type Segment } from "./playlists";

// One directory's live playlist, read back each time ffmpeg renames a new one into place (inotify, not
// a timer: nothing runs between segments) to notice the first segment (the stream is on air), to keep
// the recording's playlist, and to delete the segments nobody will play again. The program feed has
// one; an RTMP ladder one per rendition.

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
    const recorded = parsePlaylist(await read(VOD_PLAYLIST));
    this.recorded = new RecordingWriter(this.file(VOD_PLAYLIST), recorded);
    for (const segment of [...recorded, ...parsePlaylist(await read(LIVE_PLAYLIST))]) {
      this.seen.add(segment.uri);
    }
    this.gap = recorded.length > 0;
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

  /** Before an ffmpeg run writes: the directory exists and is watched, what is there is read. */
  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.watchLivePlaylist();
    await this.poll();
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
      if (name === LIVE_PLAYLIST) void this.poll();
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
