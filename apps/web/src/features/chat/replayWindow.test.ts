import { describe, expect, test } from "vitest";
import { REPLAY_CHAT_LOOKAHEAD_MS as AHEAD, type ReplayWindow, replayChatLoad } from "./replayWindow";

const T = Date.parse("2026-11-24T10:05:00Z");

describe("replayChatLoad (issue 12 §11: the replay's chat around the frame on screen)", () => {
  test.each<{
    case: string;
    window: Omit<ReplayWindow, "programDateMs">;
    want: ReturnType<typeof replayChatLoad>;
  }>([
    {
      case: "first frame: the page ending ahead of it",
      window: { loadedUpToMs: null, keptFromMs: -Infinity },
      want: { upToMs: T + AHEAD, sinceMs: null },
    },
    {
      case: "well inside what is loaded: nothing",
      window: { loadedUpToMs: T + AHEAD, keptFromMs: T - 60_000 },
      want: null,
    },
    {
      case: "nearing the end of what is loaded: the next messages",
      window: { loadedUpToMs: T + AHEAD / 2 - 1, keptFromMs: T - 60_000 },
      want: { upToMs: T + AHEAD, sinceMs: T + AHEAD / 2 - 1 },
    },
    {
      case: "a seek past what is loaded: around the new position",
      window: { loadedUpToMs: T - 1, keptFromMs: T - 60_000 },
      want: { upToMs: T + AHEAD, sinceMs: null },
    },
    {
      case: "a seek before what is kept: around the new position",
      window: { loadedUpToMs: T + 10 * 60_000, keptFromMs: T + 1 },
      want: { upToMs: T + AHEAD, sinceMs: null },
    },
  ])("$case", ({ window, want }) => {
    expect(replayChatLoad({ programDateMs: T, ...window })).toEqual(want);
  });
});
