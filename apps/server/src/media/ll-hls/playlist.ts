import { initName, partName, segmentName } from "./names";
import type { LlHlsState, SegmentState } from "./state";

// The LL-HLS media playlist (RFC 8216bis §4.4; Apple "Enabling Low-Latency HLS"). A player that ignores
// the EXT-X-PART tags reads an ordinary live fMP4 playlist: EXT-X-MAP, then EXTINF and a URI per segment.
// Each ffmpeg run is a discontinuity with its own EXT-X-MAP; a segment's run is its discontinuity
// sequence number, so the window's first gives EXT-X-DISCONTINUITY-SEQUENCE.

export interface PlaylistOptions {
  /** `_HLS_skip=YES`: a delta update (§6.2.5.1). */
  skip?: boolean;
  /** Put before every URI (the media route's tokened path); URIs are relative without it. */
  uriPrefix?: string;
}

/** §4.4.3.8: PART-HOLD-BACK at least 3 part targets (Apple's advice), CAN-SKIP-UNTIL at least 6 target durations. */
const PART_HOLD_BACK_PARTS = 3;
const SKIP_UNTIL_TARGETS = 6;
/** §4.4.4.9: parts are listed at least for the segments within 3 target durations of the end. */
const PARTS_WITHIN_TARGETS = 3;
/** Durations are float sums: a segment ending exactly on a boundary must not flip in and out by rounding. */
const EPSILON_S = 1e-6;

export function mediaPlaylist(state: LlHlsState, options: PlaylistOptions = {}): string {
  const uri = (name: string) => `${options.uriPrefix ?? ""}${name}`;
  const first = state.segments[0];
  const target = state.targetDurationSeconds;
  const skipped = options.skip ? skippableSegments(state, SKIP_UNTIL_TARGETS * target) : 0;
  const partsFrom = playlistEnd(state) - PARTS_WITHIN_TARGETS * target;
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:9",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${decimal(PART_HOLD_BACK_PARTS * state.partTargetSeconds)},CAN-SKIP-UNTIL=${decimal(SKIP_UNTIL_TARGETS * target)}`,
    `#EXT-X-PART-INF:PART-TARGET=${decimal(state.partTargetSeconds)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? 0}`,
    ...(first && first.run > 0 ? [`#EXT-X-DISCONTINUITY-SEQUENCE:${first.run}`] : []),
    ...(skipped > 0 ? [`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`] : []),
  ];
  let start = 0;
  for (const [i, segment] of state.segments.entries()) {
    const end = start + segment.durationSeconds;
    const previous = state.segments[i - 1];
    const isNewRun = previous !== undefined && previous.run !== segment.run;
    if (i >= skipped) {
      if (isNewRun) lines.push("#EXT-X-DISCONTINUITY");
      if (isNewRun || i === skipped) lines.push(`#EXT-X-MAP:URI="${uri(initName(segment.run))}"`);
      lines.push(...segmentLines(segment, end > partsFrom + EPSILON_S, uri));
    }
    start = end;
  }
  if (state.nextPart) {
    lines.push(
      `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${uri(partName(state.nextPart.msn, state.nextPart.index))}"`,
    );
  }
  if (state.hasEnded) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}

function segmentLines(segment: SegmentState, withParts: boolean, uri: (name: string) => string): string[] {
  const lines = [`#EXT-X-PROGRAM-DATE-TIME:${new Date(segment.programDateMs).toISOString()}`];
  for (const part of withParts ? segment.parts : []) {
    const independent = part.isIndependent ? ",INDEPENDENT=YES" : "";
    lines.push(
      `#EXT-X-PART:DURATION=${decimal(part.durationSeconds)},URI="${uri(partName(segment.msn, part.index))}"${independent}`,
    );
  }
  if (segment.isComplete)
    lines.push(`#EXTINF:${segment.durationSeconds.toFixed(5)},`, uri(segmentName(segment.msn)));
  return lines;
}

const playlistEnd = (state: LlHlsState) => state.segments.reduce((sum, s) => sum + s.durationSeconds, 0);

/** §6.2.5.1: whole segments that end at least CAN-SKIP-UNTIL before the playlist's end. */
function skippableSegments(state: LlHlsState, skipUntilSeconds: number): number {
  const boundary = playlistEnd(state) - skipUntilSeconds;
  let end = 0;
  let count = 0;
  for (const segment of state.segments) {
    end += segment.durationSeconds;
    if (!segment.isComplete || end > boundary + EPSILON_S) break;
    count++;
  }
  return count;
}

/** Five decimals at most, no trailing zeros: 3 x 0.39 is "1.17", not "1.1700000000000002". */
const decimal = (seconds: number) => String(Math.round(seconds * 1e5) / 1e5);
