import { existsSync, type FSWatcher, mkdirSync, watch } from "node:fs";
import { open, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type CaptionLine, captionFetchWindow, segmentCues } from "@onstage/domain";
import { parsePlaylist, type Segment } from "../playlists";
import { CAPTIONS_PLAYLIST, CAPTIONS_VOD_PLAYLIST, subtitlePlaylist, vttName, vttSegment } from "./hls";
import { firstPts } from "./mpegts";

// The captions of one live stream: beside a video media playlist (the program feed's live.m3u8, or one
// variant of an RTMP ladder, whose segments the others share in time), a subtitle playlist that follows
// it segment for segment and one WebVTT file per video segment, written once the captioner's lines for
// that segment's picture have arrived (its end plus the captioner's delay).

export interface CaptionsWriterOptions {
  /** The stream's directory: the subtitle playlists and WebVTT files go here. */
  dir: string;
  /** The video media playlist, relative to `dir` ("live.m3u8", "720p/live.m3u8"). */
  videoPlaylist: string;
  /** The session's lines that arrived in [from, to), epoch ms (features/captions/queries.ts). */
  lines: (from: number, to: number) => Promise<CaptionLine[]>;
  delayMs: number;
  log: { error(context: Record<string, unknown>, message: string): void };
  now?: () => number;
}

/** A segment's first bytes hold its first PES header: no need to read the whole segment. */
const PTS_READ_BYTES = 64 * 1024;

interface Waiting {
  segment: Segment;
  /** Its picture's wall-clock start (#EXT-X-PROGRAM-DATE-TIME), or null when the playlist has none. */
  startMs: number | null;
}

export class CaptionsWriter {
  private readonly written = new Set<string>();
  /** Segments seen, not written yet: kept after they leave the live window, for the recording. */
  private readonly waiting = new Map<string, Waiting>();
  private lastEndMs: number | null = null;
  private watcher: FSWatcher | null = null;
  private updating: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: CaptionsWriterOptions) {
    this.now = options.now ?? Date.now;
  }

  private get videoDir(): string {
    return path.join(this.options.dir, path.dirname(this.options.videoPlaylist));
  }

  /** Follows the video playlist: ffmpeg renames each new one into place (one inotify event each). */
  follow(): void {
    if (this.watcher) return;
    const name = path.basename(this.options.videoPlaylist);
    // A ladder's variant directory may not exist until its ffmpeg starts.
    mkdirSync(this.videoDir, { recursive: true });
    this.watcher = watch(this.videoDir, (_type, changed) => {
      if (changed === name) void this.update();
    });
    this.watcher.on("error", (err) =>
      this.options.log.error({ err }, "captions: watching the playlist failed"),
    );
  }

  /** Writes the WebVTT of every segment whose lines are in, then the subtitle playlist. */
  update(): Promise<void> {
    this.updating = this.updating
      .then(() => this.writeReady(false))
      .catch((err) => this.options.log.error({ err }, "captions: writing the subtitles failed"));
    return this.updating;
  }

  /** The stream ended: every segment's WebVTT now, the subtitle playlists ended like the video's. */
  async end(): Promise<void> {
    this.watcher?.close();
    this.watcher = null;
    this.updating = this.updating.then(() => this.writeReady(true));
    await this.updating;
    const vod = await readFile(path.join(this.videoDir, "vod.m3u8"), "utf8").catch(() => null);
    if (vod === null) return;
    // The recording may list segments of an earlier run of this stream (a restart): their files count.
    const exists = (uri: string) => existsSync(path.join(this.options.dir, vttName(uri)));
    await this.replace(CAPTIONS_VOD_PLAYLIST, subtitlePlaylist(vod, exists));
  }

  private async writeReady(all: boolean): Promise<void> {
    const video = await readFile(path.join(this.options.dir, this.options.videoPlaylist), "utf8").catch(
      () => null,
    );
    if (video === null) return;
    for (const segment of parsePlaylist(video)) this.see(segment);
    for (const [uri, waiting] of this.waiting) {
      const { startMs, segment } = waiting;
      const due = startMs === null ? 0 : startMs + segment.duration * 1000 + this.options.delayMs;
      if (!all && this.now() < due) continue;
      await this.writeVtt(waiting);
      this.waiting.delete(uri);
      this.written.add(uri);
    }
    await this.replace(
      CAPTIONS_PLAYLIST,
      subtitlePlaylist(video, (uri) => this.written.has(uri)),
    );
  }

  /** A new segment's wall-clock start: its program date-time, else the end of the one before it. */
  private see(segment: Segment): void {
    if (this.written.has(segment.uri) || this.waiting.has(segment.uri)) return;
    const dated = segment.tags.find((tag) => tag.startsWith("#EXT-X-PROGRAM-DATE-TIME:"));
    const parsed = dated ? Date.parse(dated.slice("#EXT-X-PROGRAM-DATE-TIME:".length)) : Number.NaN;
    const startMs = Number.isFinite(parsed)
      ? parsed
      : this.lastEndMs !== null && !segment.discontinuity
        ? this.lastEndMs
        : null;
    if (startMs !== null) this.lastEndMs = startMs + segment.duration * 1000;
    this.waiting.set(segment.uri, { segment, startMs });
  }

  private async writeVtt({ segment, startMs }: Waiting): Promise<void> {
    const pts = await this.segmentPts(segment.uri);
    const time = { startMs: startMs ?? 0, durationMs: segment.duration * 1000 };
    let cues: ReturnType<typeof segmentCues> = [];
    if (startMs !== null) {
      const window = captionFetchWindow(time, this.options.delayMs);
      cues = segmentCues(await this.options.lines(window.from, window.to), time, this.options.delayMs);
    }
    await this.replace(vttName(segment.uri), vttSegment(pts ?? 0, cues));
  }

  private async segmentPts(uri: string): Promise<number | null> {
    const file = await open(path.join(this.videoDir, uri), "r").catch(() => null);
    if (!file) return null;
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(PTS_READ_BYTES), 0, PTS_READ_BYTES, 0);
      return firstPts(buffer.subarray(0, bytesRead));
    } finally {
      await file.close();
    }
  }

  /** Whole files only: a player never reads half a playlist or half a WebVTT segment. */
  private async replace(name: string, text: string): Promise<void> {
    const file = path.join(this.options.dir, name);
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  }
}
