import { describe, expect, test } from "vitest";
import { shownTime } from "./rules";

// 2026-03-14 17:00 UTC: 18:00 in Paris (CET), 13:00 in New York (EDT, after the US switch).
const ISO = "2026-03-14T17:00:00.000Z";

describe("shownTime (issue 10 §2.4: the viewer's zone, the event's zone in the tooltip)", () => {
  test.each([
    {
      case: "viewer in Paris, event in New York",
      viewer: "Europe/Paris",
      event: "America/New_York",
      want: {
        month: "Mar",
        day: "14",
        time: "6:00 PM",
        zone: "GMT+1",
        short: "Sat, Mar 14, 6:00 PM GMT+1",
        full: "Saturday, March 14, 2026 at 6:00 PM GMT+1",
        eventZoneTooltip: "Event time: Saturday, March 14, 2026 at 1:00 PM EDT (America/New_York)",
      },
    },
    {
      case: "viewer in New York, event in Tokyo (the next day there)",
      viewer: "America/New_York",
      event: "Asia/Tokyo",
      want: {
        month: "Mar",
        day: "14",
        time: "1:00 PM",
        zone: "EDT",
        short: "Sat, Mar 14, 1:00 PM EDT",
        full: "Saturday, March 14, 2026 at 1:00 PM EDT",
        eventZoneTooltip: "Event time: Sunday, March 15, 2026 at 2:00 AM GMT+9 (Asia/Tokyo)",
      },
    },
    {
      case: "same zone for both",
      viewer: "UTC",
      event: "UTC",
      want: {
        month: "Mar",
        day: "14",
        time: "5:00 PM",
        zone: "UTC",
        short: "Sat, Mar 14, 5:00 PM UTC",
        full: "Saturday, March 14, 2026 at 5:00 PM UTC",
        eventZoneTooltip: "Event time: Saturday, March 14, 2026 at 5:00 PM UTC (UTC)",
      },
    },
  ])("$case", ({ viewer, event, want }) => {
    expect(shownTime(ISO, { viewer, event })).toEqual(want);
  });

  test("an unknown event zone does not throw and names no zone", () => {
    const shown = shownTime(ISO, { viewer: "UTC", event: "Mars/Olympus" });
    expect(shown.time).toBe("5:00 PM");
    expect(shown.eventZoneTooltip).not.toContain("Mars");
  });
});
