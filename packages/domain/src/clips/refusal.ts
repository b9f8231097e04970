import type { ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState, StreamActiveState } from "../vocabulary";
import { type CreateClipRefusal, createClipRefusal } from "./rules";

/** Stream states of a stream still going (the server's own test for a paused recording). */
const LIVE_STREAM_STATES: ReadonlySet<StreamActiveState> = new Set(["countdown", "recording", "streaming"]);

/**
 * createClipRefusal from what a room knows: the session, the event's settings and the playback answer
 * (a VOD playlist once anything was recorded; the current stream, whose recording may be paused).
 */
export function roomClipRefusal(input: {
  flags: Pick<ViewerFlags, "isTeam">;
  session: { state: SessionState; broadcastType: BroadcastType };
  event: { private: boolean; disableClipping: boolean };
  playback: {
    vodUrl: string | null;
    stream: { activeState: StreamActiveState; isRecording: boolean } | null;
  };
}): CreateClipRefusal | null {
  const { stream } = input.playback;
  return createClipRefusal({
    isTeam: input.flags.isTeam,
    sessionState: input.session.state,
    eventPrivate: input.event.private,
    clippingDisabled: input.event.disableClipping,
    broadcastType: input.session.broadcastType,
    hasRecording: input.playback.vodUrl !== null,
    isRecordingPaused: stream !== null && LIVE_STREAM_STATES.has(stream.activeState) && !stream.isRecording,
  });
}
