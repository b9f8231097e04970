import { describe, expect, test } from "vitest";
import { resumePoint } from "./names";

describe("where a packager resumes", () => {
  test.each([
    { case: "an empty folder", names: [], point: { firstMsn: 0, firstRun: 0 } },
    {
      case: "an earlier packager's files, among the TS recording's",
      names: ["init0.mp4", "init2.mp4", "s7.m4s", "s8-p0.m4s", "s8-p1.m4s", "live3.ts", "vod.m3u8"],
      point: { firstMsn: 9, firstRun: 3 },
    },
    {
      case: "names that only look alike",
      names: ["s9.p.m4s", "xs4.m4s", "init.mp4"],
      point: { firstMsn: 0, firstRun: 0 },
    },
  ])("$case", ({ names, point }) => {
    expect(resumePoint(names)).toEqual(point);
  });
});
