import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage, tallestVariant } from "@onstage/domain";
import { parsePlaylist, type Segment } from "../../media/playlists";

// Issue 26 §1: what a clip is cut from. The recording may be on this node's disk, in the bucket, or
// where LiveKit Egress wrote it; whichever, the clip needs only the few segments its range touches:
// they are copied into a working folder with a playlist of their own, and the cut runs on that.

/** A file of the recording, by its path relative to the recording's playlist; null when missing. */
export type ReadRecordingFile = (relativePath: string) => Promise<Buffer | null>;

/** Where a stream's recording is read from (recording-files.ts). */
export interface RecordingFiles {
  read: ReadRecordingFile;
  /** The recording's playlist, relative to where `read` reads. */
  playlist: string;
  /** On this node's disk: a file's own path, which the cut reads in place instead of a copy. */
  localPath?: (relativePath: string) => string;
}

/** Why a recording cannot be cut (domain error codes, each with its sentence for the viewer). */
export type RecordingErrorCode = "recording_gone" | "no_variant" | "recording_range_empty" | "recording_gap";

export class RecordingError extends Error {
  constructor(readonly code: RecordingErrorCode) {
    super(errorMessage(code));
  }
}

/** A recording's files are only ever segments and playlists beside or below its playlist. */
const RECORDING_FILE = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:m3u8|ts)$/i;

const SEGMENTS_AT_ONCE = 8;

interface Rendition {
  /** Its folder, relative to the recording's playlist ("" for the playlist itself). */
  folder: string;
  segments: Segment[];
}

/** The recording's tallest rendition (a ladder's master lists each rung's playlist). */
async function tallestRendition(read: ReadRecordingFile, playlist: string): Promise<Rendition> {
  const text = (await read(playlist))?.toString("utf8");
  if (text === undefined) throw new RecordingError("recording_gone");
  const tallest = tallestVariant(text);
  const media = tallest && RECORDING_FILE.test(tallest) ? await read(tallest) : null;
  const rendition = tallest
    ? media && { folder: path.posix.dirname(tallest), segments: parsePlaylist(media.toString("utf8")) }
    : { folder: "", segments: parsePlaylist(text) };
  // Spec 2 §5's sentence, for a recording without a rendition to cut (see docs/decisions.md).
  if (!rendition || rendition.segments.length === 0) throw new RecordingError("no_variant");
  return rendition;
}

/** The recording's length in seconds, as its replay plays it. */
export async function recordingSeconds(read: ReadRecordingFile, playlist: string): Promise<number> {
  const { segments } = await tallestRendition(read, playlist);
  return segments.reduce((sum, segment) => sum + segment.duration, 0);
}

export interface StagedRange {
  /** A media playlist of the copied segments, in the working folder. */
  playlist: string;
  /** Where the range starts in it. */
  startSeconds: number;
}

/**
 * Copies the segments that [start, end) touches into `dir` (or finds them on this node's disk) with a
 * playlist in `dir` listing them; the first
 * starts on a keyframe at or before `start` (every segment opens with one). `onProgress` hears the
 * fraction of segments copied.
 */
export async function stageRange(
  recording: RecordingFiles,
  range: { start: number; end: number },
  dir: string,
  onProgress: (fraction: number) => void = () => {},
): Promise<StagedRange> {
  const { read, localPath } = recording;
  const { folder, segments } = await tallestRendition(read, recording.playlist);
  let at = 0;
  const touched: { segment: Segment; startsAt: number }[] = [];
  for (const segment of segments) {
    if (at + segment.duration > range.start && at < range.end) touched.push({ segment, startsAt: at });
    at += segment.duration;
  }
  const first = touched[0];
  if (!first) throw new RecordingError("recording_range_empty");
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD"];
  const target = Math.ceil(Math.max(...touched.map(({ segment }) => segment.duration)));
  lines.push(`#EXT-X-TARGETDURATION:${target}`);
  // A bucket answers each segment after a round trip: several are fetched at once. On this node's disk
  // the segments are read where they are.
  let copied = 0;
  const names: string[] = [];
  const copy = async (segment: Segment, index: number) => {
    const relative = folder === "." || folder === "" ? segment.uri : `${folder}/${segment.uri}`;
    if (!RECORDING_FILE.test(relative)) throw new RecordingError("recording_gap");
    if (localPath) {
      names[index] = localPath(relative);
      await access(names[index]).catch(() => {
        throw new RecordingError("recording_gap");
      });
    } else {
      const bytes = await read(relative);
      if (!bytes) throw new RecordingError("recording_gap");
      names[index] = `seg${index}.ts`;
      await writeFile(path.join(dir, names[index]), bytes);
    }
    copied += 1;
    onProgress(copied / touched.length);
  };
  for (let from = 0; from < touched.length; from += SEGMENTS_AT_ONCE) {
    const batch = touched.slice(from, from + SEGMENTS_AT_ONCE);
    // Each settles first: no copy of a failed range reports progress after its failure.
    const copies = await Promise.allSettled(batch.map(({ segment }, i) => copy(segment, from + i)));
    for (const copied of copies) if (copied.status === "rejected") throw copied.reason;
  }
  for (const [index, { segment }] of touched.entries()) {
    if (index > 0 && segment.discontinuity) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(`#EXTINF:${segment.duration.toFixed(6)},`, names[index] ?? "");
  }
  lines.push("#EXT-X-ENDLIST", "");
  const playlist = path.join(dir, "range.m3u8");
  await writeFile(playlist, lines.join("\n"));
  return { playlist, startSeconds: range.start - first.startsAt };
}
