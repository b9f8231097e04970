import { PROGRAM_HEIGHT, PROGRAM_WIDTH } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { layoutTitle, TITLE_BOX } from "./title";

// A canvas stand-in whose characters are 15 px wide.
const ctx = { font: "", measureText: (s: string) => ({ width: s.length * 15 }) as TextMetrics };
const height = (hasSubtitle: boolean) => TITLE_BOX.titleHeight + (hasSubtitle ? TITLE_BOX.subtitleHeight : 0);

describe("layoutTitle: the lower third's place", () => {
  test.each([
    {
      case: "title and subtitle at the bottom",
      title: "Ada Lovelace",
      subtitle: "Analyst",
      placement: "bottom",
    },
    { case: "a title alone at the bottom", title: "Ada Lovelace", subtitle: "", placement: "top" },
    {
      case: "the longest title and subtitle",
      title: "x".repeat(32),
      subtitle: "y".repeat(45),
      placement: "bottom",
    },
  ] as const)("$case: inside the picture, on its side", ({ title, subtitle, placement }) => {
    const layout = layoutTitle(ctx, { id: 1, title, subtitle }, placement);
    const bottom = layout.y + height(subtitle.length > 0);
    expect(layout.hasSubtitle).toBe(subtitle.length > 0);
    expect(layout.x).toBe(TITLE_BOX.marginX);
    expect(layout.x + layout.width).toBeLessThanOrEqual(PROGRAM_WIDTH * 0.65);
    if (placement === "bottom") expect(bottom).toBe(PROGRAM_HEIGHT - TITLE_BOX.marginY);
    else expect(layout.y).toBe(TITLE_BOX.marginY);
  });

  test("the box is as wide as its longer line", () => {
    const layout = layoutTitle(ctx, { id: 1, title: "Ada", subtitle: "Chief analyst" }, "bottom");
    expect(layout.width).toBe(13 * 15 + 2 * TITLE_BOX.paddingX);
  });
});
