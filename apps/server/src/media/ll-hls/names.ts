// The file names the packager writes and the playlist lists (relative to the stream's folder).

/** Each ffmpeg run has its own initialisation section: a new run may have new codec parameters. */
export const initName = (run: number) => `init${run}.mp4`;
export const partName = (msn: number, index: number) => `s${msn}-p${index}.m4s`;
export const segmentName = (msn: number) => `s${msn}.m4s`;

const SEGMENT_FILE = /^s(\d{1,10})(?:-p\d{1,4})?\.m4s$/;
const INIT_FILE = /^init(\d{1,10})\.mp4$/;

/**
 * Where a new packager on a folder an earlier one wrote (a media process that died) goes on: after its
 * last segment and run, so a player's next reload sees the numbering go forward after a discontinuity.
 */
export function resumePoint(names: readonly string[]): { firstMsn: number; firstRun: number } {
  const highest = (pattern: RegExp) =>
    Math.max(-1, ...names.map((name) => Number(pattern.exec(name)?.[1] ?? -1)));
  return { firstMsn: highest(SEGMENT_FILE) + 1, firstRun: highest(INIT_FILE) + 1 };
}

/** The LL-HLS media playlist's name in the media route; written on request from the packager's state. */
export const LL_PLAYLIST = "ll.m3u8";
/** An RTMP stream's master of its renditions' LL-HLS playlists (features/rtmp-ingest writes it). */
export const LL_MASTER_PLAYLIST = "ll-master.m3u8";

const PART_FILE = /^s(\d{1,10})(?:-p(\d{1,4}))?\.m4s$/;

/** The segment or part a file name stands for (a request for it may wait for its publish); null for others. */
export function awaitedFile(name: string): { msn: number; part: number | null } | null {
  const match = PART_FILE.exec(name);
  if (!match) return null;
  return { msn: Number(match[1]), part: match[2] === undefined ? null : Number(match[2]) };
}
