// What the packager has published: the playlist is written from it and blocked reloads are released by it.

export interface PartRef {
  msn: number;
  index: number;
}

export interface PartState {
  index: number;
  durationSeconds: number;
  /** Starts with a keyframe: a player may begin here (EXT-X-PART INDEPENDENT=YES). */
  isIndependent: boolean;
}

export interface SegmentState {
  msn: number;
  /** The ffmpeg run that wrote it, its discontinuity sequence number: a new run follows a discontinuity. */
  run: number;
  /** EXT-X-PROGRAM-DATE-TIME, epoch ms. */
  programDateMs: number;
  durationSeconds: number;
  parts: readonly PartState[];
  /** Its last part is known and `s{msn}.m4s` is written; the last segment of a live stream is not. */
  isComplete: boolean;
}

export interface LlHlsState {
  targetDurationSeconds: number;
  partTargetSeconds: number;
  /** The live window, oldest first; only the last may be incomplete. */
  segments: readonly SegmentState[];
  /** EXT-X-PRELOAD-HINT; null once the stream has ended. */
  nextPart: PartRef | null;
  hasEnded: boolean;
}
