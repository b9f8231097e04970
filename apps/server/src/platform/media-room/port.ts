import type { MediaRoomJoin } from "@onstage/domain";

/**
 * What a member is in the room (issue 27): a person (`stage`: publishes when allowed), a `viewer`
 * (subscribe-only, hidden, receives the program alone) or the `program` the composing page publishes.
 */
export type MediaRoomRole = "stage" | "viewer" | "program";

/** Who joins, as the stage rule decided: only stage members publish. */
export interface MediaRoomMember {
  sessionId: number;
  userId: number;
  name: string;
  canPublish: boolean;
  /** `stage` when absent. The embedded SFU takes the role on its socket instead (stage:join). */
  role?: MediaRoomRole;
}

/**
 * A session's media room (issue 11 §2): the embedded SFU (werift in a worker thread) by default,
 * LiveKit when LIVEKIT_URL is set. The server calls it; the browser talks to the room itself.
 */
export interface MediaRoomPort {
  readonly provider: MediaRoomJoin["provider"];
  /** What the browser needs to join the session's room with these rights. */
  join(member: MediaRoomMember): Promise<MediaRoomJoin>;
  /** Takes a participant out at once (left the stage, lost the right, the session ended). */
  remove(sessionId: number, userId: number): Promise<void>;
  /** Closes the session's room (back to scheduled, or ended). */
  close(sessionId: number): Promise<void>;
  /** Stops everything (server shutdown). */
  stop(): Promise<void>;
}
