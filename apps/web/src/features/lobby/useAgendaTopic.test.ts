import type { VideoSessionSummary } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { withSession } from "./useAgendaTopic";

const session = (id: number, state: VideoSessionSummary["state"]): VideoSessionSummary => ({
  id,
  urlHash: `s${id}`,
  title: `Session ${id}`,
  description: "",
  timeScheduled: "2026-11-24T10:00:00.000Z",
  durationMinutes: 30,
  timeBroadcastEnd: null,
  state,
  sessionType: "regular",
  broadcastType: "webrtc",
  hasRecording: false,
});

describe("withSession (spec 2 §2: the agenda is live)", () => {
  it("replaces the changed session in place and adds a new one in schedule order", () => {
    const sessions = [session(1, "scheduled"), session(2, "scheduled")];
    expect(withSession(sessions, session(2, "broadcasting")).map((s) => s.state)).toEqual([
      "scheduled",
      "broadcasting",
    ]);
    const earlier = { ...session(3, "scheduled"), timeScheduled: "2026-11-24T09:00:00.000Z" };
    expect(withSession(sessions, earlier).map((s) => s.id)).toEqual([3, 1, 2]);
  });
});
