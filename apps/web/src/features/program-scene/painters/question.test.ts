import { PROGRAM_HEIGHT, PROGRAM_WIDTH, QA_STAGE_MAX_LINES } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { layoutQaCard } from "./question";

// A canvas stand-in whose characters are 15 px wide: the card's text area holds 73 of them a line.
const ctx = { font: "", measureText: (s: string) => ({ width: s.length * 15 }) as TextMetrics };
const card = (text: string) => ({ questionId: 1, text, askedBy: "asked by Ada Asker" });

describe("layoutQaCard", () => {
  test.each([
    { case: "a short question: one line, then the asker", text: "Why?", lines: 1 },
    {
      case: "a truncated question (140 characters) takes two lines",
      text: "word ".repeat(28).trim(),
      lines: 2,
    },
    {
      case: "an untruncated long one stops at the line limit",
      text: "word ".repeat(400).trim(),
      lines: QA_STAGE_MAX_LINES,
    },
  ])("$case", ({ text, lines }) => {
    const layout = layoutQaCard(ctx, card(text), "#EC5F3E");
    expect(layout.texts).toHaveLength(lines + 1);
    expect(layout.texts.at(-1)?.text).toBe("asked by Ada Asker");
    // A lower third inside the picture, whatever its height.
    expect(layout.y).toBeGreaterThan(0);
    expect(layout.y + layout.height).toBeLessThan(PROGRAM_HEIGHT);
    expect(layout.x + layout.width).toBeLessThan(PROGRAM_WIDTH);
  });
});
