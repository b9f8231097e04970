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
});

describe("withSession (spec 2 §2: the agenda is live)", () => {
  it("replaces the changed session in place and ignores one the list lacks", () => {
    const sessions = [session(1, "scheduled"), session(2, "scheduled")];
    expect(withSession(sessions, session(2, "broadcasting")).map((s) => s.state)).toEqual([
      "scheduled",
      "broadcasting",
    ]);
    expect(withSession(sessions, session(3, "broadcasting"))).toEqual(sessions);
  });
});
