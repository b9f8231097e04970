import { describe, expect, test } from "vitest";
import { questionInStep, type Reached } from "./questions";

const ASKED = Date.parse("2026-11-24T10:00:00Z");
const ANSWERED = ASKED + 60_000;

/** A picture at `program` ms; a live one gets what does not hold at once. */
const picture =
  (program: number, live: boolean): Reached =>
  (at, holdsLive = true) =>
    (live && !holdsLive) || at <= program;

const question = (answered: boolean) => ({
  id: 1,
  timestamp: new Date(ASKED).toISOString(),
  answered,
  answeredTimestamp: answered ? ANSWERED : null,
});

describe("questionInStep (issue 12 §11)", () => {
  test.each([
    {
      case: "live: asked, the picture before it: shown at once",
      live: true,
      answered: false,
      at: ASKED - 5_000,
      want: "open",
    },
    {
      case: "live: answered, the picture before the answer",
      live: true,
      answered: true,
      at: ANSWERED - 1,
      want: "open",
    },
    {
      case: "live: answered, the picture at the answer",
      live: true,
      answered: true,
      at: ANSWERED,
      want: "answered",
    },
    { case: "replay: asked after the frame", live: false, answered: true, at: ASKED - 1, want: "not yet" },
    {
      case: "replay: asked, answered after the frame",
      live: false,
      answered: true,
      at: ASKED + 1_000,
      want: "open",
    },
    {
      case: "replay: answered before the frame",
      live: false,
      answered: true,
      at: ANSWERED + 1,
      want: "answered",
    },
    {
      case: "replay: open, asked before the frame",
      live: false,
      answered: false,
      at: ANSWERED,
      want: "open",
    },
  ])("$case → $want", ({ live, answered, at, want }) => {
    const seen = questionInStep(question(answered), picture(at, live));
    const got = seen === null ? "not yet" : seen.answered ? "answered" : "open";
    expect(got).toBe(want);
    if (seen && !seen.answered) expect(seen.answeredTimestamp).toBeNull();
  });
});
