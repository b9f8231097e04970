import type { SessionState, StreamActiveState } from "../vocabulary";

// Spec 2 §2, §4: what the stage area shows a viewer who is not on stage, by session state and stream.

export type SessionScreenKind =
  /** Countdown to the scheduled start with the event's info. */
  | "before_start"
  /** 'The session starts soon' while the speakers gather (and while a live stream is not on air yet). */
  | "greenroom"
  /** The live HLS player. */
  | "live"
  /** The recording from its start (or ?clip_start_time=). */
  | "replay"
  /** Thanks and a link to the channel: nothing was recorded. */
  | "thank_you"
  /** Stage members see the stage itself (the media room), not a screen. */
  | "stage";

export interface SessionScreenInput {
  state: SessionState;
  /** Spec 2 §4: stage users skip live HLS delivery and see the stage while it is open. */
  isStageMember: boolean;
  /** The current stream's state, or null when the session has none. */
  streamState: StreamActiveState | null;
  /** Something was recorded: the session has a VOD playlist. */
  hasRecording: boolean;
}

/** Stream states in which the live playlist is being written. */
const ON_AIR: ReadonlySet<StreamActiveState> = new Set(["recording", "streaming"]);

export function sessionScreen(input: SessionScreenInput): SessionScreenKind {
  switch (input.state) {
    case "scheduled":
      return "before_start";
    case "greenroom":
      return input.isStageMember ? "stage" : "greenroom";
    case "broadcasting":
      if (input.isStageMember) return "stage";
      // The countdown, or a stream that ended or failed mid-session: the audience waits on the greenroom screen.
      return input.streamState !== null && ON_AIR.has(input.streamState) ? "live" : "greenroom";
    case "postevent":
    case "ended":
      return input.hasRecording ? "replay" : "thank_you";
  }
}
