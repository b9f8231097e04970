import type { StageMediaState, StageParticipantInfo } from "@onstage/domain";

// Messages between the main thread (the stage feature's socket handlers) and the SFU worker. The worker
// imports only types from here: it runs werift and nothing else.

export interface Candidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

/** What a member's browser says to the SFU (already authorised by the main thread). */
export type ClientSignal =
  | { type: "publish-offer"; sdp: string; program?: boolean }
  | { type: "subscribe-answer"; sdp: string }
  | { type: "candidate"; connection: "publish" | "program" | "subscribe"; candidate: Candidate }
  | ({ type: "state" } & StageMediaState);

/** What the SFU says to one member's browser. */
export type ServerSignal =
  | { type: "subscribe-offer"; sdp: string }
  | { type: "participants"; participants: StageParticipantInfo[] };

/**
 * A place's part in the room. `stage`: a person on stage (publishes when they may, receives the stage);
 * `compositor`: the program feed's compositor (receives the stage, publishes nothing of its own);
 * `viewer`: an audience member watching the program in real time (receives the program only, issue 27).
 * A host-level stage or compositor place may also publish the program.
 */
export type PlaceRole = "stage" | "compositor" | "viewer";

export interface WorkerMember {
  sessionId: number;
  userId: number;
  name: string;
  canPublish: boolean;
  /** Issue 27: may publish the composed program (host level). */
  canPublishProgram: boolean;
  role: PlaceRole;
}

/** Main thread -> worker: one call, answered by a Reply with the same id. */
export type Call =
  | { id: number; method: "enter"; member: WorkerMember }
  | { id: number; method: "signal"; sessionId: number; userId: number; signal: ClientSignal }
  | { id: number; method: "remove"; sessionId: number; userId: number }
  | { id: number; method: "close"; sessionId: number }
  | { id: number; method: "stats" };

export interface SfuStats {
  rooms: number;
  participants: number;
  /** Tracks sent to subscribers right now. */
  forwardedStreams: number;
  /** Places watching a program over WebRTC. */
  viewers: number;
  rssBytes: number;
  /** CPU time of the SFU's thread (user + system, Linux /proc/thread-self), null elsewhere. */
  cpuSeconds: number | null;
}

/** Worker -> main thread. `publish-answer` is the result of a publish offer; `stats` of stats. */
export type WorkerMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { event: "signal"; sessionId: number; userId: number; signal: ServerSignal }
  | { event: "gone"; sessionId: number; userId: number; rejoin: boolean }
  | { event: "fault"; report: string };
