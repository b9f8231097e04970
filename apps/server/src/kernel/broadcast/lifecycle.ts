import { EventEmitter } from "node:events";
import type { SessionState, SessionStream } from "@onstage/domain";

// In-process signals between the session's state machine and the media it drives (the SFU room, the
// program feed's ffmpeg). Sent after the transaction committed; the database stays the truth.

export interface SessionStateChange {
  sessionId: number;
  eventId: number;
  from: SessionState;
  to: SessionState;
  /** The stream the move opened or ended (go live, end live), else the session's live stream or null. */
  stream: SessionStream | null;
  /** The user who made the move (the server's recorder speaks for whoever went live); unset: nobody's. */
  byUserId?: number;
}

export interface RecordingChange {
  sessionId: number;
  stream: SessionStream;
}

/**
 * A ban took the user out of these events, or a role change may have taken their stage right: their
 * stage place goes now, not at the next re-check.
 */
export interface UserRemoved {
  userId: number;
  eventIds: readonly number[];
}

/** A ban of the user in these events was set or lifted (a shadow-banned voter's answers stop counting). */
export interface BanChanged {
  userId: number;
  eventIds: readonly number[];
}

/**
 * A reset deleted these streams of the session (issue 23 §2.3): their media goes. Told before the
 * reset's `sessionState`, so the program feed ends its pipeline here and removes the files after it.
 */
export interface StreamsDeleted {
  sessionId: number;
  streamIds: readonly number[];
}

/** A setting that decides who may be on the session's stage changed (open stage, hands, audience). */
export interface StageSettingsChanged {
  sessionId: number;
}

/** A stream's recording is complete (its playlist ended): issue 28 §4's recording.ready. */
export interface RecordingReady {
  sessionId: number;
  streamId: number;
}

interface LifecycleEvents {
  sessionState: [SessionStateChange];
  recording: [RecordingChange];
  userRemoved: [UserRemoved];
  stageSettings: [StageSettingsChanged];
  banChanged: [BanChanged];
  streamsDeleted: [StreamsDeleted];
  recordingReady: [RecordingReady];
}

export class BroadcastLifecycle extends EventEmitter<LifecycleEvents> {}
