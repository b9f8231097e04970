import type { SessionStream } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { countdownStart } from "./countdownStart";

const countdown = (id: number, countdownElapsedMs: number): SessionStream => ({
  id,
  sessionId: 1,
  activeState: "countdown",
  isRecording: false,
  livePlaybackUrl: null,
  vodPlaybackUrl: null,
  broadcastStartedAt: null,
  broadcastEndedAt: null,
  deletedAt: null,
  countdownElapsedMs,
});

const NOW = 1_000_000;

describe("countdownStart: when the go-live countdown began, by this page's clock", () => {
  it.each([
    { case: "go live seen as it happens", known: null, stream: countdown(1, 0), want: NOW },
    {
      case: "a page opened 6 s into the countdown resumes it",
      known: null,
      stream: countdown(1, 6_000),
      want: NOW - 6_000,
    },
    {
      case: "a later, delayed copy of the same stream keeps the earlier start",
      known: { streamId: 1, at: NOW - 6_000 },
      stream: countdown(1, 2_000),
      want: NOW - 6_000,
    },
    {
      case: "a fresher copy moves the start earlier",
      known: { streamId: 1, at: NOW - 2_000 },
      stream: countdown(1, 6_000),
      want: NOW - 6_000,
    },
    {
      case: "a new stream starts its own countdown",
      known: { streamId: 1, at: NOW - 60_000 },
      stream: countdown(2, 1_000),
      want: NOW - 1_000,
    },
  ])("$case", ({ known, stream, want }) => {
    expect(countdownStart(known, stream, NOW)).toEqual({ streamId: stream.id, at: want });
  });
});
