import { CAPTION_CUE_MAX_MS, CAPTION_LINES_PER_MINUTE } from "../constants";

// Live captions (docs/decisions.md "Live captions"): a captioner posts lines as they speak them; a line's
// program time is its arrival minus the captioner's delay, and it is shown on the segment whose picture
// was on air then, until the next line or CAPTION_CUE_MAX_MS.

/** A captioner's line as stored: `receivedAt` is its arrival at the server, in epoch ms. */
export interface CaptionLine {
  seq: number;
  text: string;
  receivedAt: number;
}

/** A cue of one segment, in ms from the segment's start (its end may pass the segment's end). */
export interface SegmentCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** A video segment on the wall clock: its #EXT-X-PROGRAM-DATE-TIME and #EXTINF, in ms. */
export interface SegmentTime {
  startMs: number;
  durationMs: number;
}

/**
 * The lines a segment's cues need, by arrival time: those whose program time falls in the segment, and
 * the next one, which ends the last of them.
 */
export function captionFetchWindow(segment: SegmentTime, delayMs: number): { from: number; to: number } {
  const from = segment.startMs + delayMs;
  return { from, to: from + segment.durationMs + CAPTION_CUE_MAX_MS };
}

/**
 * The cues that start inside the segment, each once: a cue is carried by the segment it starts in
 * (players keep a cue whose end is past its segment; repeating it would show it twice in some players).
 * A blank line ends the line before it and shows nothing.
 */
export function segmentCues(
  lines: readonly CaptionLine[],
  segment: SegmentTime,
  delayMs: number,
): SegmentCue[] {
  const ordered = [...lines].sort((a, b) => a.seq - b.seq);
  const cues: SegmentCue[] = [];
  ordered.forEach((line, i) => {
    const start = line.receivedAt - delayMs - segment.startMs;
    if (start < 0 || start >= segment.durationMs) return;
    const text = captionText(line.text);
    const next = ordered[i + 1];
    const nextStart = next ? next.receivedAt - delayMs - segment.startMs : Number.POSITIVE_INFINITY;
    const end = Math.min(nextStart, start + CAPTION_CUE_MAX_MS);
    if (text !== "" && end > start) cues.push({ startMs: start, endMs: end, text });
  });
  return cues;
}

/** A line as a cue shows it: trimmed lines, no blank line (it would end a WebVTT cue early). */
export function captionText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** Zoom's rule for its caption API: a line whose seq is not above the last one taken is a repeat. */
export const isNewCaptionLine = (seq: number, lastSeq: number | null) => lastSeq === null || seq > lastSeq;

/** A caption source's count of posted lines in its current minute. */
export interface CaptionRateWindow {
  windowStart: number;
  lines: number;
}

const RATE_WINDOW_MS = 60_000;

/** One more post counted in the source's window (a new window once a minute passed); `limited` refuses it. */
export function countCaptionPost(
  window: CaptionRateWindow,
  now: number,
): CaptionRateWindow & { limited: boolean } {
  const next =
    now - window.windowStart >= RATE_WINDOW_MS
      ? { windowStart: now, lines: 1 }
      : { ...window, lines: window.lines + 1 };
  return { ...next, limited: next.lines > CAPTION_LINES_PER_MINUTE };
}
