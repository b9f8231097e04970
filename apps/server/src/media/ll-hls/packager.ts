import { Writable } from "node:stream";
import { type Fmp4Item, Fmp4Reader, type Fragment } from "./boxes";
import {
  PART_TARGET_S,
  SEGMENT_CUT_SLACK_S,
  SEGMENT_MAX_OVER_TARGET_S,
  TARGET_DURATION_S,
  WINDOW_SEGMENTS,
} from "./constants";
import { initName, partName, segmentName } from "./names";
import type { LlHlsState, PartRef, PartState } from "./state";
import type { Track } from "./track-boxes";

// One live stream's fMP4 turned into LL-HLS parts and segments (each fragment is one part). State changes
// only after its files are written, so a playlist never names a file that is not there yet. The stream
// outlives ffmpeg: each run (the slate, the compositor again) starts after a discontinuity.

/** Where the files go: a folder in production, a temporary one in tests. */
export interface MediaFiles {
  write(name: string, bytes: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
}

export interface PackagerOptions {
  files: MediaFiles;
  /** Epoch ms: the first fragment's program date. */
  now: () => number;
  windowSegments?: number;
  /** Where an earlier packager of the same folder stopped (names.ts resumePoint); 0 for a new stream. */
  firstMsn?: number;
  firstRun?: number;
}

interface Segment {
  msn: number;
  run: number;
  startSeconds: number;
  programDateMs: number;
  parts: PartState[];
  /** The parts' bytes until the segment is complete and written whole. */
  bytes: Buffer[];
  isComplete: boolean;
}

interface Timeline {
  firstSeconds: number;
  firstDateMs: number;
}

export class LlHlsPackager {
  private reader = new Fmp4Reader();
  private readonly listeners = new Set<(state: LlHlsState) => void>();
  private readonly windowSegments: number;
  private tracks: Track[] = [];
  private timeline: Timeline | null = null;
  private segments: Segment[] = [];
  /** Segments out of the window whose files are still served (RFC 8216 §6.2.2). */
  private retired: { msn: number; run: number; partCount: number }[] = [];
  private nextMsn: number;
  private run: number;
  /** Runs whose init section is written and not yet removed. */
  private initRuns = new Set<number>();
  private hasEnded = false;
  private work: Promise<void> = Promise.resolve();

  constructor(private readonly options: PackagerOptions) {
    this.windowSegments = options.windowSegments ?? WINDOW_SEGMENTS;
    this.nextMsn = options.firstMsn ?? 0;
    this.run = options.firstRun ?? 0;
  }

  /**
   * A new ffmpeg run follows: the open segment is completed, and what comes next is a new fMP4 stream
   * (its own init section and timestamps). A failure of the previous run's bytes does not carry over.
   */
  newRun(): Promise<void> {
    this.work = this.work
      .catch(() => undefined)
      .then(async () => {
        if (this.hasEnded) return;
        const open = this.openSegment();
        if (open) await this.complete(open);
        this.reader = new Fmp4Reader();
        this.tracks = [];
        this.timeline = null;
        if (this.initRuns.has(this.run)) this.run++;
        this.publish();
      });
    return this.work;
  }

  /** Feeds stdout bytes; calls run one after another, and after a failure every later one fails too. */
  accept(chunk: Buffer): Promise<void> {
    this.work = this.work.then(async () => {
      if (this.hasEnded) throw new Error("the LL-HLS stream has ended");
      for (const item of this.reader.push(chunk)) await this.take(item);
    });
    return this.work;
  }

  /** Completes the last segment and marks the playlist ended (EXT-X-ENDLIST). */
  end(): Promise<void> {
    this.work = this.work.then(async () => {
      if (this.hasEnded) return;
      const open = this.openSegment();
      if (open) await this.complete(open);
      this.hasEnded = true;
      this.publish();
    });
    return this.work;
  }

  /** A sink for ffmpeg's stdout, with backpressure: the pipe waits while files are written. */
  writable(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.accept(chunk).then(() => done(), done);
      },
    });
  }

  onPublish(listener: (state: LlHlsState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get state(): LlHlsState {
    return {
      targetDurationSeconds: TARGET_DURATION_S,
      partTargetSeconds: PART_TARGET_S,
      segments: this.segments.map((s) => ({
        msn: s.msn,
        run: s.run,
        programDateMs: s.programDateMs,
        durationSeconds: sumDurations(s.parts),
        parts: [...s.parts],
        isComplete: s.isComplete,
      })),
      nextPart: this.hasEnded ? null : this.nextPart(),
      hasEnded: this.hasEnded,
    };
  }

  private async take(item: Fmp4Item): Promise<void> {
    if (item.type === "init") {
      await this.options.files.write(initName(this.run), item.bytes);
      this.initRuns.add(this.run);
      this.tracks = item.tracks;
      return;
    }
    const { startSeconds, durationSeconds } = this.mediaTime(item);
    const open = this.openSegment();
    if (open && this.shouldCut(open, item, startSeconds + durationSeconds)) await this.complete(open);
    const segment = this.openSegment() ?? this.startSegment(startSeconds);
    const index = segment.parts.length;
    await this.options.files.write(partName(segment.msn, index), item.bytes);
    segment.parts.push({ index, durationSeconds, isIndependent: item.startsWithKeyframe });
    segment.bytes.push(item.bytes);
    this.publish();
    await this.forgetOldSegments();
  }

  /** The video track's time (the first track's, for audio only): parts are cut on video frames. */
  private mediaTime(fragment: Fragment): { startSeconds: number; durationSeconds: number } {
    const track = this.tracks.find((t) => t.kind === "video") ?? this.tracks[0];
    const timed = fragment.tracks.find((f) => f.trackId === track?.id) ?? fragment.tracks[0];
    const timescale = this.tracks.find((t) => t.id === timed?.trackId)?.timescale;
    if (!timed || !timescale) throw new Error("a fragment of no known track");
    return {
      startSeconds: timed.baseMediaDecodeTime / timescale,
      durationSeconds: timed.duration / timescale,
    };
  }

  private shouldCut(open: Segment, fragment: Fragment, endSeconds: number): boolean {
    const soFar = sumDurations(open.parts);
    if (fragment.startsWithKeyframe && soFar >= TARGET_DURATION_S - SEGMENT_CUT_SLACK_S) return true;
    // Without a keyframe in time the segment is cut anyway (it then starts with a dependent part) rather
    // than grow past the target duration the playlist promised, and without bound in memory.
    return endSeconds - open.startSeconds >= TARGET_DURATION_S + SEGMENT_MAX_OVER_TARGET_S;
  }

  private openSegment(): Segment | null {
    const last = this.segments.at(-1);
    return last && !last.isComplete ? last : null;
  }

  private startSegment(startSeconds: number): Segment {
    this.timeline ??= { firstSeconds: startSeconds, firstDateMs: this.options.now() };
    const programDateMs = this.timeline.firstDateMs + (startSeconds - this.timeline.firstSeconds) * 1000;
    const segment: Segment = {
      msn: this.nextMsn++,
      run: this.run,
      startSeconds,
      programDateMs,
      parts: [],
      bytes: [],
      isComplete: false,
    };
    this.segments.push(segment);
    return segment;
  }

  private async complete(segment: Segment): Promise<void> {
    await this.options.files.write(segmentName(segment.msn), Buffer.concat(segment.bytes));
    segment.bytes = [];
    segment.isComplete = true;
    while (this.segments.filter((s) => s.isComplete).length > this.windowSegments) {
      const old = this.segments.shift() as Segment;
      this.retired.push({ msn: old.msn, run: old.run, partCount: old.parts.length });
    }
  }

  /** A removed segment stays a window's duration more, for players that loaded an older playlist. */
  private async forgetOldSegments(): Promise<void> {
    while (this.retired.length > this.windowSegments + 1) {
      const { msn, partCount } = this.retired.shift() as { msn: number; partCount: number };
      await this.options.files.remove(segmentName(msn));
      for (let i = 0; i < partCount; i++) await this.options.files.remove(partName(msn, i));
    }
    const oldestKept = this.retired[0]?.run ?? this.segments[0]?.run ?? this.run;
    for (const run of this.initRuns) {
      if (run >= oldestKept) continue;
      this.initRuns.delete(run);
      await this.options.files.remove(initName(run));
    }
  }

  /** When a keyframe is due the next part most likely opens the next segment. */
  private nextPart(): PartRef {
    const open = this.openSegment();
    if (!open) return { msn: this.nextMsn, index: 0 };
    const isKeyframeDue = sumDurations(open.parts) >= TARGET_DURATION_S - SEGMENT_CUT_SLACK_S;
    return isKeyframeDue ? { msn: open.msn + 1, index: 0 } : { msn: open.msn, index: open.parts.length };
  }

  private publish(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }
}

const sumDurations = (parts: readonly PartState[]) => parts.reduce((sum, p) => sum + p.durationSeconds, 0);
