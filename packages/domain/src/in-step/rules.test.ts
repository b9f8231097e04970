import { describe, expect, test } from "vitest";
import type { SessionState } from "../vocabulary";
import { IN_STEP_MAX_HOLD_MS, isEndInStep, isInStep, type StageDelivery, stageDelivery } from "./rules";

const T = Date.parse("2026-11-24T10:00:00Z");

describe("isInStep (issue 12 §11)", () => {
  test.each<{
    case: string;
    delivery: StageDelivery;
    at: number;
    program: number | null;
    held?: number;
    want: boolean;
  }>([
    { case: "on stage: at once", delivery: "realtime", at: T, program: null, want: true },
    { case: "on stage, whatever the player", delivery: "realtime", at: T, program: T - 5_000, want: true },
    { case: "live: the picture is before it", delivery: "live", at: T, program: T - 1, want: false },
    { case: "live: the picture reached it", delivery: "live", at: T, program: T, want: true },
    { case: "live: the picture is past it", delivery: "live", at: T, program: T + 2_000, want: true },
    {
      case: "live: no picture yet, just received",
      delivery: "live",
      at: T,
      program: null,
      held: 0,
      want: false,
    },
    {
      case: "live: no picture for a while",
      delivery: "live",
      at: T,
      program: null,
      held: IN_STEP_MAX_HOLD_MS - 1,
      want: false,
    },
    {
      case: "live: no picture, held long enough",
      delivery: "live",
      at: T,
      program: null,
      held: IN_STEP_MAX_HOLD_MS,
      want: true,
    },
    {
      case: "live: a playing picture a few seconds behind",
      delivery: "live",
      at: T,
      program: T - 8_000,
      held: 8_000,
      want: false,
    },
    {
      case: "live: a picture stuck behind it (stalled, paused), held long enough",
      delivery: "live",
      at: T,
      program: T - 1,
      held: IN_STEP_MAX_HOLD_MS,
      want: true,
    },
    { case: "replay: not playing, the whole record", delivery: "replay", at: T, program: null, want: true },
    { case: "replay: later than the frame", delivery: "replay", at: T, program: T - 500, want: false },
    { case: "replay: earlier than the frame", delivery: "replay", at: T, program: T + 500, want: true },
  ])("$case → $want", ({ delivery, at, program, held, want }) => {
    expect(isInStep({ delivery, happenedAtMs: at, programDateMs: program, heldMs: held ?? 0 })).toBe(want);
  });
});

describe("stageDelivery", () => {
  test.each<{ state: SessionState; seesStage: boolean; want: StageDelivery }>([
    { state: "broadcasting", seesStage: true, want: "realtime" },
    { state: "greenroom", seesStage: true, want: "realtime" },
    { state: "broadcasting", seesStage: false, want: "live" },
    { state: "postevent", seesStage: false, want: "replay" },
    { state: "ended", seesStage: false, want: "replay" },
    { state: "scheduled", seesStage: false, want: "realtime" },
    { state: "greenroom", seesStage: false, want: "realtime" },
  ])("$state, sees the stage: $seesStage → $want", ({ state, seesStage, want }) => {
    expect(stageDelivery(state, seesStage)).toBe(want);
  });
});

describe("isEndInStep (issue 23 §3.2: the post-event screen comes after the program's last frame)", () => {
  test.each<{ case: string; program: number | null; ended: boolean; held: number; want: boolean }>([
    { case: "the picture is 4 s behind the End", program: T - 4_000, ended: false, held: 900, want: false },
    { case: "the picture reached the End", program: T, ended: false, held: 4_000, want: true },
    { case: "the player played to the ENDLIST", program: T - 300, ended: true, held: 4_000, want: true },
    { case: "no picture yet, held briefly", program: null, ended: false, held: 1_000, want: false },
    {
      case: "no picture, held to the limit",
      program: null,
      ended: false,
      held: IN_STEP_MAX_HOLD_MS,
      want: true,
    },
    {
      case: "a stalled picture, held to the limit",
      program: T - 9_000,
      ended: false,
      held: IN_STEP_MAX_HOLD_MS,
      want: true,
    },
  ])("$case → $want", ({ program, ended, held, want }) => {
    expect(isEndInStep({ endedAtMs: T, programDateMs: program, hasPlayerEnded: ended, heldMs: held })).toBe(
      want,
    );
  });
});
