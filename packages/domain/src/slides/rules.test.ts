import { describe, expect, test } from "vitest";
import { itemNameRefusal, slideFileType, slideNameOf, slideOrder, slidePosition } from "./rules";

describe("slideFileType (spec 3 §5)", () => {
  test.each([
    ["deck.pdf", "pdf"],
    ["Deck.PPTX", "pptx"],
    ["notes.docx", "docx"],
    ["old.ppt", "ppt"],
    ["letter.doc", "doc"],
    ["photo.JPEG", "jpeg"],
    ["shot.jpg", "jpg"],
    ["chart.png", "png"],
    ["movie.mp4", null],
    ["archive.zip", null],
    ["pdf", null],
    ["deck.pdf.exe", null],
    ["", null],
  ])("%s: %s", (name, type) => {
    expect(slideFileType(name)).toBe(type);
  });
});

test.each([
  ["Quarterly review.pptx", "Quarterly review"],
  ["  spaced .pdf", "spaced"],
  [".pdf", "Slides"],
  [`${"x".repeat(130)}.pdf`, "x".repeat(120)],
])("slideNameOf(%s) is %s", (file, name) => {
  expect(slideNameOf(file)).toBe(name);
});

test.each([
  ["Deck", null],
  ["  ", "name_required"],
  ["", "name_required"],
  ["x".repeat(121), "name_too_long"],
])("itemNameRefusal(%s) is %s", (name, refusal) => {
  expect(itemNameRefusal(name)).toBe(refusal);
});

describe("slidePosition: pages from 1 to the deck's count", () => {
  test.each([
    { wanted: 2, count: 3, page: 2 },
    { wanted: 0, count: 3, page: 1 },
    { wanted: -4, count: 3, page: 1 },
    { wanted: 9, count: 3, page: 3 },
    { wanted: 2.4, count: 3, page: 2 },
    { wanted: Number.NaN, count: 3, page: 1 },
    { wanted: 2, count: 0, page: 1 },
  ])("$wanted of $count: $page", ({ wanted, count, page }) => {
    expect(slidePosition(wanted, count)).toBe(page);
  });
});

test("slideOrder numbers from 1 (spec 3 §7)", () => {
  expect(slideOrder([9, 4, 7])).toEqual([
    { id: 9, order: 1 },
    { id: 4, order: 2 },
    { id: 7, order: 3 },
  ]);
});
