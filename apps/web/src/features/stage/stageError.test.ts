import { expect, test } from "vitest";
import { stageError } from "./useEmbeddedStage";

// Spec 2 §8 'Failed to get realtime client': the stage and the WebRTC player fail once the connection gave up.

test.each([
  { connection: "failed", error: null, want: "Failed to get realtime client" },
  { connection: "failed", error: "The SFU refused", want: "Failed to get realtime client" },
  { connection: "reconnecting", error: null, want: null },
  { connection: "connected", error: "The SFU refused", want: "The SFU refused" },
  { connection: null, error: null, want: null },
] as const)("$connection with $error → $want", ({ connection, error, want }) => {
  expect(stageError(connection, error)).toBe(want);
});
