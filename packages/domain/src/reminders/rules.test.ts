import { describe, expect, test } from "vitest";
import { reminderRuns, reminderVerdict } from "./rules";

const HOUR = 3_600_000;
const START = Date.UTC(2030, 4, 1, 16);

describe("reminderRuns (issue 10 §2.3: 24 h and 1 h before, if still ahead)", () => {
  test.each([
    { case: "registered days before", hoursBefore: 72, want: ["24h", "1h"] },
    { case: "registered 2 h before", hoursBefore: 2, want: ["1h"] },
    { case: "registered exactly 24 h before", hoursBefore: 24, want: ["1h"] },
    { case: "registered 30 min before", hoursBefore: 0.5, want: [] },
    { case: "registered after the start", hoursBefore: -1, want: [] },
  ])("$case → $want", ({ hoursBefore, want }) => {
    const runs = reminderRuns(START, START - hoursBefore * HOUR);
    expect(runs.map((r) => r.lead)).toEqual(want);
    for (const r of runs) expect(r.runAt).toBe(START - (r.lead === "24h" ? 24 : 1) * HOUR);
  });
});

describe("reminderVerdict (re-checked at send time)", () => {
  test.each([
    { case: "on time", lead: "24h" as const, moved: 0, hoursBefore: 24, want: "send" },
    { case: "a little late", lead: "24h" as const, moved: 0, hoursBefore: 20, want: "send" },
    { case: "session moved later", lead: "24h" as const, moved: 2, hoursBefore: 24, want: "moved" },
    { case: "session moved earlier", lead: "1h" as const, moved: -2, hoursBefore: 1, want: "moved" },
    { case: "session started", lead: "1h" as const, moved: 0, hoursBefore: 0, want: "started" },
    {
      case: "24 h reminder when the 1 h one is due",
      lead: "24h" as const,
      moved: 0,
      hoursBefore: 1,
      want: "overtaken",
    },
    {
      case: "1 h reminder, late but before the start",
      lead: "1h" as const,
      moved: 0,
      hoursBefore: 0.25,
      want: "send",
    },
  ])("$case → $want", ({ lead, moved, hoursBefore, want }) => {
    expect(
      reminderVerdict({
        lead,
        plannedStartsAt: START,
        startsAt: START + moved * HOUR,
        now: START - hoursBefore * HOUR,
      }),
    ).toBe(want);
  });
});
