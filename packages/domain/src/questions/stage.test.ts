import { describe, expect, test } from "vitest";
import { QA_STAGE_MAX_LINES, QA_STAGE_TRUNCATE_CHARS } from "../constants";
import { clearsQaOnStage, qaStageCard, stageCardLines, stageQuestionText } from "./stage";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ");

describe("stageQuestionText (issue 12, qa_truncate_on_stage)", () => {
  const long = words(60); // 60 words of 4 letters: 299 characters
  test.each([
    { case: "short, truncate on", content: "Why?", truncate: true, want: "Why?" },
    {
      case: "trimmed, inner runs of space made one",
      content: "  Why\n\n so ?  ",
      truncate: false,
      want: "Why so ?",
    },
    { case: "long, truncate off: all of it", content: long, truncate: false, want: long },
    {
      case: "exactly the limit: untouched",
      content: "a".repeat(QA_STAGE_TRUNCATE_CHARS),
      truncate: true,
      want: "a".repeat(QA_STAGE_TRUNCATE_CHARS),
    },
    { case: "long: cut at a word, then an ellipsis", content: long, truncate: true, want: `${words(28)}…` },
    {
      case: "one long word: cut where it stands",
      content: "x".repeat(300),
      truncate: true,
      want: `${"x".repeat(QA_STAGE_TRUNCATE_CHARS - 1)}…`,
    },
  ])("$case", ({ content, truncate, want }) => {
    const text = stageQuestionText(content, truncate);
    expect(text).toBe(want);
    if (truncate) expect(text.length).toBeLessThanOrEqual(QA_STAGE_TRUNCATE_CHARS);
  });
});

describe("qaStageCard", () => {
  const qaOnStage = { questionId: 4, content: "Why?", firstName: "Ada", lastName: "Asker" };
  test.each([
    {
      case: "shown",
      qaShowOnStage: true,
      qaOnStage,
      want: { questionId: 4, text: "Why?", askedBy: "asked by Ada Asker" },
    },
    { case: "'Show on stage' off", qaShowOnStage: false, qaOnStage, want: null },
    { case: "nothing answered onto the stage", qaShowOnStage: true, qaOnStage: null, want: null },
    {
      case: "no last name",
      qaShowOnStage: true,
      qaOnStage: { ...qaOnStage, lastName: "" },
      want: { questionId: 4, text: "Why?", askedBy: "asked by Ada" },
    },
  ])("$case", ({ qaShowOnStage, qaOnStage: shown, want }) => {
    expect(qaStageCard({ qaShowOnStage, qaTruncateOnStage: true, qaOnStage: shown })).toEqual(want);
  });
});

describe("stageCardLines", () => {
  // One unit per character: a line holds 10.
  const measure = (s: string) => s.length;
  test("the card holds six lines", () => expect(QA_STAGE_MAX_LINES).toBe(6));
  test.each([
    { case: "fits one line", text: "ab cd", want: ["ab cd"] },
    { case: "breaks between words", text: "aaaa bbbb cccc", want: ["aaaa bbbb", "cccc"] },
    {
      case: "a word wider than the line keeps its own line",
      text: "a bbbbbbbbbbbb c",
      want: ["a", "bbbbbbbbbbbb", "c"],
    },
    {
      case: "past the last line: the last kept line ends with an ellipsis",
      text: words(18),
      want: ["w000 w001", "w002 w003", "w004 w005", "w006 w007", "w008 w009", "w010 w011…"],
    },
  ])("$case", ({ text, want }) => {
    expect(stageCardLines(text, 10, measure)).toEqual(want);
  });
});

describe("clearsQaOnStage", () => {
  test.each([
    { case: "leaves broadcasting", patch: { state: "postevent" as const }, want: true },
    { case: "back to scheduled (reset)", patch: { state: "scheduled" as const }, want: true },
    { case: "stays broadcasting", patch: { state: "broadcasting" as const }, want: false },
    { case: "'Show on stage' off", patch: { qaShowOnStage: false }, want: true },
    { case: "'Show on stage' on", patch: { qaShowOnStage: true }, want: false },
    { case: "another setting", patch: {}, want: false },
  ])("$case → $want", ({ patch, want }) => {
    expect(clearsQaOnStage(patch)).toBe(want);
  });
});
