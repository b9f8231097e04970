import { appendFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";

// The live playlist ffmpeg writes, read back; and the recording's playlist, written here. ffmpeg writes
// each segment once; the recording lists the segments that were made while recording was on, so a
// pause leaves a gap (a discontinuity) instead of costing a second muxer.

export interface Segment {
  uri: string;
  /** The #EXTINF and #EXT-X-PROGRAM-DATE-TIME lines (ffmpeg's, the date replaced by playlist-follower.ts). */
  tags: string[];
  duration: number;
  /** A discontinuity precedes it (a new ffmpeg run, or a recording pause). */
  discontinuity: boolean;
}

/** The segments of an HLS media playlist, in order (tags other than the segment's own are dropped). */
export function parsePlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let tags: string[] = [];
  let discontinuity = false;
  let duration = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line.startsWith("#EXTINF:")) {
      duration = Number.parseFloat(line.slice("#EXTINF:".length)) || 0;
      tags.push(line);
    } else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) tags.push(line);
    else if (line && !line.startsWith("#")) {
      segments.push({ uri: line, tags, duration, discontinuity });
      tags = [];
      discontinuity = false;
      duration = 0;
    }
  }
  return segments;
}

const PROGRAM_DATE = "#EXT-X-PROGRAM-DATE-TIME:";

const programDateTag = (date: number) => `${PROGRAM_DATE}${new Date(date).toISOString()}`;

/** A segment's #EXT-X-PROGRAM-DATE-TIME (epoch ms), or null without one. */
export function programDateOf(segment: Segment): number | null {
  const tag = segment.tags.find((line) => line.startsWith(PROGRAM_DATE));
  const date = tag ? Date.parse(tag.slice(PROGRAM_DATE.length)) : Number.NaN;
  return Number.isFinite(date) ? date : null;
}

/** The segment dated `date`: its own date tag replaced, or one added after its #EXTINF. */
export function withProgramDate(segment: Segment, date: number): Segment {
  const tags = segment.tags.filter((line) => !line.startsWith(PROGRAM_DATE));
  return { ...segment, tags: [...tags, programDateTag(date)] };
}

/**
 * A media playlist as ffmpeg wrote it, each segment in `dates` dated so (its date tag replaced, or one
 * added just before its URI); every other line as it was.
 */
export function datedPlaylist(text: string, dates: ReadonlyMap<string, number>): string {
  const out: string[] = [];
  let dateLine: number | null = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith(PROGRAM_DATE)) {
      dateLine = out.push(raw) - 1;
      continue;
    }
    const date = line && !line.startsWith("#") ? dates.get(line) : undefined;
    if (date !== undefined) {
      if (dateLine === null) out.push(programDateTag(date));
      else out[dateLine] = programDateTag(date);
    }
    if (line && !line.startsWith("#")) dateLine = null;
    out.push(raw);
  }
  return out.join("\n");
}

/** The #EXT-X-TARGETDURATION a segment needs (its duration rounded, as RFC 8216 §4.3.3.1 requires). */
const targetOf = (segment: Segment) => Math.round(segment.duration);

/** A growing recording's target: its segments are ~1 s, a late keyframe makes one longer. */
const GROWING_TARGET_SECONDS = 2;

/**
 * An event playlist of the whole recording; `ended` closes it for good (a VOD) with the exact target
 * duration, while a growing one keeps a target that leaves room for the next segments.
 */
export function recordingPlaylist(segments: readonly Segment[], ended: boolean): string {
  const end = ended ? "#EXT-X-ENDLIST\n" : "";
  return `${recordingHeader(targetDuration(segments, ended))}${segmentLines(segments, true)}${end}`;
}

function targetDuration(segments: readonly Segment[], ended: boolean): number {
  const longest = Math.max(1, ...segments.map(targetOf));
  return ended ? longest : Math.max(longest, GROWING_TARGET_SECONDS);
}

function recordingHeader(target: number): string {
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:EVENT",
  ];
  return `${lines.join("\n")}\n`;
}

/** The lines of `segments`; a discontinuity before the first one only when something precedes it. */
function segmentLines(segments: readonly Segment[], first: boolean): string {
  const lines = segments.flatMap((segment, i) => [
    ...(segment.discontinuity && !(first && i === 0) ? ["#EXT-X-DISCONTINUITY"] : []),
    ...segment.tags,
    segment.uri,
  ]);
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/**
 * The recording's playlist file. New segments are appended (one write each, so a long broadcast does
 * not rewrite an ever longer file every second); the file is written whole only when a segment
 * outgrows its target duration, when its header is not this writer's (a stream resumed after a
 * restart), and once at the end.
 */
export class RecordingWriter {
  private readonly segments: Segment[];
  /** The target duration written in the file's header; null until this writer wrote the file. */
  private target: number | null = null;

  constructor(
    private readonly file: string,
    recorded: readonly Segment[],
  ) {
    this.segments = [...recorded];
  }

  get isEmpty(): boolean {
    return this.segments.length === 0;
  }

  async append(added: readonly Segment[]): Promise<void> {
    if (added.length === 0) return;
    const first = this.segments.length === 0;
    this.segments.push(...added);
    const fits = this.target !== null && added.every((segment) => targetOf(segment) <= (this.target ?? 0));
    // Synchronous for the reason pipeline.ts reads the live playlist so: a few hundred bytes a second.
    if (fits) appendFileSync(this.file, segmentLines(added, first));
    else await this.writeWhole(false);
  }

  /** Closes the playlist for good (#EXT-X-ENDLIST); nothing recorded writes nothing. */
  async end(): Promise<void> {
    if (this.segments.length > 0) await this.writeWhole(true);
  }

  private async writeWhole(ended: boolean): Promise<void> {
    await writeFile(`${this.file}.tmp`, recordingPlaylist(this.segments, ended));
    await rename(`${this.file}.tmp`, this.file);
    this.target = targetDuration(this.segments, ended);
  }
}
