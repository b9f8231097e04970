import { describe, expect, test } from "vitest";
import { isUnsafeText, unsafeTextPath } from "./rules";

describe("isUnsafeText", () => {
  test.each([
    { case: "plain text", text: "Hello", want: false },
    { case: "emoji (a surrogate pair)", text: "👍 launch", want: false },
    { case: "accents and CJK", text: "Café 会议", want: false },
    { case: "empty", text: "", want: false },
    { case: "NUL", text: "a\u0000b", want: true },
    { case: "lone high surrogate at the end", text: "a\uD83D", want: true },
    { case: "lone high surrogate before text", text: "\uD83Dx", want: true },
    { case: "lone low surrogate", text: "\uDC4Dx", want: true },
    { case: "pair reversed", text: "\uDC4D\uD83D", want: true },
  ])("$case → $want", ({ text, want }) => {
    expect(isUnsafeText(text)).toBe(want);
  });
});

describe("unsafeTextPath", () => {
  test.each([
    { case: "clean body", value: { title: "Launch", tags: ["a", 1, null] }, want: null },
    { case: "a field", value: { title: "La\u0000unch" }, want: ["title"] },
    {
      case: "nested in an array",
      value: { answers: [{ value: "ok" }, { value: "\uD800" }] },
      want: ["answers", 1, "value"],
    },
    { case: "a key", value: { "ti\u0000tle": "x" }, want: ["ti\u0000tle"] },
    { case: "a bare string", value: "\u0000", want: [] },
    { case: "numbers and booleans", value: { n: 1, b: true }, want: null },
  ])("$case", ({ value, want }) => {
    expect(unsafeTextPath(value)).toEqual(want);
  });

  test("nesting past the depth limit is refused without walking it", () => {
    let deep: unknown = "fine";
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(unsafeTextPath(deep)).toHaveLength(32);
  });
});
