import { describe, expect, test } from "vitest";
import type { BroadcastType, SessionState, StreamActiveState } from "../vocabulary";
import { roomClipRefusal } from "./refusal";

// Spec 2 §2, §5, spec 3 §2: the room's Clip button, from the session, the event and the playback answer.

const stream = (activeState: StreamActiveState, isRecording: boolean) => ({ activeState, isRecording });

describe("roomClipRefusal", () => {
  const live = {
    isTeam: true,
    state: "broadcasting" as SessionState,
    broadcastType: "webrtc" as BroadcastType,
    vodUrl: "/hls/rec/index.m3u8" as string | null,
    stream: stream("streaming", true) as ReturnType<typeof stream> | null,
  };
  test.each([
    { case: "the team, live and recording", input: live, want: null },
    {
      case: "the team, live, recording paused",
      input: { ...live, stream: stream("streaming", false) },
      want: "recording_paused",
    },
    {
      case: "the team, in the countdown, not recording",
      input: { ...live, stream: stream("countdown", false) },
      want: "recording_paused",
    },
    { case: "the team, nothing recorded", input: { ...live, vodUrl: null }, want: "not_recording" },
    {
      case: "the team, after an ended stream",
      input: { ...live, state: "ended" as SessionState, stream: stream("ended", false) },
      want: null,
    },
    {
      case: "the team in RTMP mode",
      input: { ...live, broadcastType: "rtmp" as BroadcastType },
      want: "rtmp_mode",
    },
    { case: "a guest while live", input: { ...live, isTeam: false }, want: "clips_after_session" },
    {
      case: "a guest after the end",
      input: { ...live, isTeam: false, state: "ended" as SessionState, stream: null },
      want: null,
    },
  ])("$case → $want", ({ input, want }) => {
    expect(
      roomClipRefusal({
        flags: { isTeam: input.isTeam },
        session: { state: input.state, broadcastType: input.broadcastType },
        event: { private: false, disableClipping: false },
        playback: { vodUrl: input.vodUrl, stream: input.stream },
      }),
    ).toBe(want);
  });
});
