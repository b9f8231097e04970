import { describe, expect, test } from "vitest";
import type { SessionState } from "../vocabulary";
import { isSessionOver, type SessionStatus, sessionStatus } from "./status";

const NOW = Date.parse("2026-11-28T10:00:00.000Z");
const BEFORE = "2026-11-28T09:00:00.000Z";
const LATER = "2026-11-28T11:00:00.000Z";

describe("sessionStatus (issue 23 §3.1: ended sessions show as ended, 'Starting now' only before the start)", () => {
  test.each<{ case: string; state: SessionState; at: string; hasRecording: boolean; want: SessionStatus }>([
    { case: "scheduled, start ahead", state: "scheduled", at: LATER, hasRecording: false, want: "upcoming" },
    {
      case: "scheduled, start reached",
      state: "scheduled",
      at: BEFORE,
      hasRecording: false,
      want: "starting",
    },
    { case: "greenroom, start ahead", state: "greenroom", at: LATER, hasRecording: false, want: "upcoming" },
    {
      case: "greenroom, start reached",
      state: "greenroom",
      at: BEFORE,
      hasRecording: false,
      want: "starting",
    },
    { case: "broadcasting", state: "broadcasting", at: BEFORE, hasRecording: true, want: "live" },
    { case: "postevent, recorded", state: "postevent", at: BEFORE, hasRecording: true, want: "replay" },
    {
      case: "postevent, not recorded",
      state: "postevent",
      at: BEFORE,
      hasRecording: false,
      want: "thank_you",
    },
    { case: "ended, recorded", state: "ended", at: BEFORE, hasRecording: true, want: "replay" },
    { case: "ended, not recorded", state: "ended", at: BEFORE, hasRecording: false, want: "thank_you" },
    // An ended session never says 'Starting now', whatever its scheduled time.
    { case: "ended, scheduled later", state: "ended", at: LATER, hasRecording: false, want: "thank_you" },
  ])("$case → $want", ({ state, at, hasRecording, want }) => {
    expect(sessionStatus({ state, timeScheduled: at, hasRecording }, NOW)).toBe(want);
  });

  test.each<{ status: SessionStatus; want: boolean }>([
    { status: "upcoming", want: false },
    { status: "starting", want: false },
    { status: "live", want: false },
    { status: "replay", want: true },
    { status: "thank_you", want: true },
  ])("isSessionOver($status) → $want", ({ status, want }) => {
    expect(isSessionOver(status)).toBe(want);
  });
});
