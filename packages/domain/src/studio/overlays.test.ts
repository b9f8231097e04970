import { describe, expect, test } from "vitest";
import { errorMessage } from "../errors";
import { characterCounter, overlayPreview, titleOverlayRefusal } from "./overlays";

describe("titleOverlayRefusal: spec 3 §5", () => {
  test.each([
    ["a title and a subtitle", "Ada Lovelace", "Analyst", null],
    ["a title alone", "Ada Lovelace", "", null],
    ["an empty title", "", "Analyst", "overlay_title_required"],
    ["a title of spaces", "   ", "", "overlay_title_required"],
    ["32 characters", "x".repeat(32), "", null],
    ["33 characters", "x".repeat(33), "", "overlay_title_too_long"],
    ["32 characters and spaces around", ` ${"x".repeat(32)} `, "", null],
    ["32 emoji (one character each)", "🎤".repeat(32), "", null],
    ["a 45-character subtitle", "T", "y".repeat(45), null],
    ["a 46-character subtitle", "T", "y".repeat(46), "overlay_subtitle_too_long"],
  ] as const)("%s → %s", (_, title, subtitle, refusal) => {
    expect(titleOverlayRefusal({ title, subtitle })).toBe(refusal);
  });

  test("the empty title's message is the spec's", () => {
    expect(errorMessage("overlay_title_required")).toBe("Overlay title requires a title");
  });
});

describe("characterCounter: spec 3 §5 live counters turn red at the limit", () => {
  test.each([
    ["", 32, "0/32", false],
    ["x".repeat(31), 32, "31/32", false],
    ["x".repeat(32), 32, "32/32", true],
    ["y".repeat(45), 45, "45/45", true],
  ] as const)("%j of %i → %s", (text, max, label, atLimit) => {
    expect(characterCounter(text, max)).toEqual({ label, atLimit });
  });
});

describe("overlayPreview: spec 3 §2, 32 characters plus an ellipsis", () => {
  test.each([
    ["Short", "Short"],
    ["x".repeat(32), "x".repeat(32)],
    ["x".repeat(33), `${"x".repeat(32)}…`],
    ["🎤".repeat(40), `${"🎤".repeat(32)}…`],
  ])("%s → %s", (text, preview) => {
    expect(overlayPreview(text)).toBe(preview);
  });
});
