import type { SessionStream } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { currentStream } from "./sessionTopic";

const stream = (id: number, fields: Partial<SessionStream> = {}): SessionStream => ({
  id,
  sessionId: 1,
  activeState: "countdown",
  isRecording: true,
  livePlaybackUrl: null,
  vodPlaybackUrl: null,
  broadcastStartedAt: null,
  broadcastEndedAt: null,
  deletedAt: null,
  countdownElapsedMs: 0,
  ...fields,
});
const deleted = { deletedAt: "2030-01-01T00:00:00.000Z" };

describe("currentStream: the room's stream after a change on the session topic", () => {
  it.each([
    { case: "go live with none", current: null, changed: stream(1), want: 1 },
    {
      case: "on air replaces countdown",
      current: stream(1),
      changed: stream(1, { activeState: "recording" }),
      want: 1,
    },
    { case: "a newer stream replaces an older", current: stream(1), changed: stream(2), want: 2 },
    {
      case: "an older stream's change is ignored",
      current: stream(2),
      changed: stream(1, { activeState: "ended" }),
      want: 2,
    },
    {
      case: "the current stream deleted clears it",
      current: stream(2),
      changed: stream(2, deleted),
      want: null,
    },
    { case: "a newer deleted stream leaves none", current: null, changed: stream(3, deleted), want: null },
  ])("$case", ({ current, changed, want }) => {
    expect(currentStream(current, changed)?.id ?? null).toBe(want);
  });

  it("keeps the changed stream's state", () => {
    expect(currentStream(stream(1), stream(1, { activeState: "error" }))?.activeState).toBe("error");
  });
});
