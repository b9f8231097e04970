import { describe, expect, test } from "vitest";
import type { VideoSessionSummary } from "../event-page/schemas";
import { type AgendaGroupKind, agendaGroupOf, avatarRowCount, lobbyAgenda } from "./rules";

const NOW = Date.parse("2030-05-01T12:00:00.000Z");
const at = (minutesFromNow: number) => new Date(NOW + minutesFromNow * 60_000).toISOString();

let nextId = 1;
function session(overrides: Partial<VideoSessionSummary>): VideoSessionSummary {
  const id = nextId++;
  return {
    id,
    urlHash: `hash${id}`,
    title: `Session ${id}`,
    description: "",
    timeScheduled: at(0),
    durationMinutes: 60,
    timeBroadcastEnd: null,
    state: "scheduled",
    sessionType: "regular",
    broadcastType: "webrtc",
    hasRecording: false,
    ...overrides,
  };
}

describe("agendaGroupOf", () => {
  test.each<[string, Partial<VideoSessionSummary>, AgendaGroupKind | null]>([
    ["broadcasting", { state: "broadcasting", timeScheduled: at(-600) }, "live"],
    ["scheduled later", { state: "scheduled", timeScheduled: at(24 * 60) }, "upcoming"],
    ["scheduled now", { state: "scheduled", timeScheduled: at(0) }, "upcoming"],
    ["scheduled exactly an hour ago", { state: "scheduled", timeScheduled: at(-60) }, "upcoming"],
    ["scheduled 61 minutes ago", { state: "scheduled", timeScheduled: at(-61) }, null],
    ["greenroom, scheduled 30 minutes ago", { state: "greenroom", timeScheduled: at(-30) }, "upcoming"],
    ["greenroom, scheduled 2 hours ago", { state: "greenroom", timeScheduled: at(-120) }, null],
    ["ended 10 minutes ago", { state: "ended", timeBroadcastEnd: at(-10) }, "ended"],
    ["postevent, ended exactly 2 hours ago", { state: "postevent", timeBroadcastEnd: at(-120) }, "ended"],
    ["ended 121 minutes ago", { state: "ended", timeBroadcastEnd: at(-121) }, null],
    ["ended without an end time", { state: "ended", timeBroadcastEnd: null }, null],
    ["the lobby session itself", { sessionType: "lobby", state: "broadcasting" }, null],
  ])("%s", (_name, overrides, group) => {
    expect(agendaGroupOf(session(overrides), NOW)).toBe(group);
  });
});

describe("lobbyAgenda", () => {
  const upcoming = [300, 60, 240, 120, 180].map((m) => session({ timeScheduled: at(m) }));
  const live = session({ state: "broadcasting", timeScheduled: at(-10) });
  const endedEarly = session({ state: "ended", timeBroadcastEnd: at(-100) });
  const endedLate = session({ state: "ended", timeBroadcastEnd: at(-5) });
  const tooOld = session({ state: "ended", timeBroadcastEnd: at(-500) });
  const all = [...upcoming, endedEarly, tooOld, live, endedLate];

  test("groups in order live, upcoming, ended; up to 3 each plus '+N more'", () => {
    const groups = lobbyAgenda(all, NOW);
    expect(groups.map((g) => [g.kind, g.shown.map((s) => s.id), g.moreCount])).toEqual([
      ["live", [live.id], 0],
      ["upcoming", [upcoming[1]?.id, upcoming[3]?.id, upcoming[4]?.id], 2],
      ["ended", [endedLate.id, endedEarly.id], 0],
    ]);
  });

  test("an expanded group lists every session", () => {
    const [, upcomingGroup] = lobbyAgenda(all, NOW, new Set(["upcoming"]));
    expect(upcomingGroup?.shown).toHaveLength(5);
    expect(upcomingGroup?.moreCount).toBe(0);
  });

  test("empty groups are left out", () => {
    expect(lobbyAgenda([tooOld], NOW)).toEqual([]);
  });
});

describe("avatarRowCount", () => {
  test.each([
    [450, 20, 10],
    [449, 20, 9],
    [450, 3, 3],
    [30, 5, 0],
    [0, 5, 0],
  ])("%i px, %i users -> %i", (width, users, shown) => {
    expect(avatarRowCount(width, users)).toBe(shown);
  });
});
