import path from "node:path";
import type { SegmentCue } from "@onstage/domain";

// The WebVTT subtitle rendition in HLS text (RFC 8216 §4.3.4.1, §3.5): a subtitle media playlist that
// mirrors the video playlist segment for segment, its WebVTT segments, and the master playlist's group.

/** The live subtitle playlist and the recording's, beside the video's playlists in the stream directory. */
export const CAPTIONS_PLAYLIST = "captions.m3u8";
export const CAPTIONS_VOD_PLAYLIST = "captions-vod.m3u8";
const GROUP_ID = "subs";

/** A video segment's WebVTT segment: live12.ts → live12.vtt (one to one, so the recording finds them). */
export const vttName = (segmentUri: string) =>
  `${path.posix.basename(segmentUri).replace(/\.[^.]*$/, "")}.vtt`;

/** Tags that belong to the segment after them; every other tag is the playlist's. */
const SEGMENT_TAG = /^#(EXTINF:|EXT-X-PROGRAM-DATE-TIME:|EXT-X-DISCONTINUITY$|EXT-X-BYTERANGE:|EXT-X-GAP$)/;

/**
 * The subtitle playlist of a video media playlist: the same header, media sequence, durations,
 * discontinuities and program date-times, each segment's WebVTT in its place, up to the first segment
 * whose WebVTT is not written yet (its captions may still arrive). ENDLIST only when nothing was cut.
 */
export function subtitlePlaylist(videoText: string, isWritten: (segmentUri: string) => boolean): string {
  const out: string[] = [];
  let pending: string[] = [];
  for (const raw of videoText.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (!line.startsWith("#")) {
      if (!isWritten(line)) return `${out.join("\n")}\n`;
      out.push(...pending, vttName(line));
      pending = [];
    } else if (SEGMENT_TAG.test(line)) pending.push(line);
    else out.push(line);
  }
  return `${out.join("\n")}\n`;
}

/** Milliseconds → WebVTT's hh:mm:ss.ttt. */
const vttTime = (ms: number) => {
  const whole = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
};

/** WebVTT cue text is HTML-like: a captioner's "<" or "&" must show as typed. */
const escapeCueText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * One WebVTT segment: X-TIMESTAMP-MAP ties its 00:00:00.000 to the video segment's first PTS, so the
 * cues' times count from the segment's start (RFC 8216 §3.5).
 */
export function vttSegment(segmentPts: number, cues: readonly SegmentCue[]): string {
  const lines = ["WEBVTT", `X-TIMESTAMP-MAP=MPEGTS:${segmentPts},LOCAL:00:00:00.000`, ""];
  for (const cue of cues) {
    lines.push(`${vttTime(cue.startMs)} --> ${vttTime(cue.endMs)}`, escapeCueText(cue.text), "");
  }
  return `${lines.join("\n")}\n`;
}

/** How the subtitle rendition is named in the master playlist. */
export interface SubtitleLanguage {
  name: string;
  language: string;
}

const ENGLISH: SubtitleLanguage = { name: "English", language: "en" };

/**
 * `master` with the subtitle group (shown while the host's toggle is on): the EXT-X-MEDIA line before
 * the first variant and SUBTITLES="subs" on every variant. A master that has the group is returned as is.
 */
export function withSubtitles(master: string, uri: string, language: SubtitleLanguage = ENGLISH): string {
  if (master.includes(`GROUP-ID="${GROUP_ID}"`)) return master;
  const media = `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${GROUP_ID}",NAME="${language.name}",LANGUAGE="${language.language}",DEFAULT=YES,AUTOSELECT=YES,URI="${uri}"`;
  const out: string[] = [];
  let placed = false;
  for (const line of master.split("\n")) {
    if (line.startsWith("#EXT-X-STREAM-INF:")) {
      if (!placed) out.push(media);
      placed = true;
      out.push(`${line},SUBTITLES="${GROUP_ID}"`);
    } else out.push(line);
  }
  return out.join("\n");
}

/**
 * A master playlist of one video playlist (the browser feed has none of its own): players find a
 * subtitle rendition only through a master.
 */
export function singleVariantMaster(videoPlaylist: string, bandwidth: number): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth}\n${videoPlaylist}\n`;
}
