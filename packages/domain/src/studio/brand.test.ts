import { describe, expect, test } from "vitest";
import { DEFAULT_PRIMARY_COLOR } from "../constants";
import { brandImageRefusal, brandOf, DEFAULT_BRAND, isBrandColor } from "./brand";

describe("isBrandColor: a hex string", () => {
  test.each([
    ["#EC5F3E", true],
    ["#ec5f3e", true],
    ["#123", false],
    ["EC5F3E", false],
    ["#EC5F3G", false],
    ["red", false],
    ["#EC5F3E ", false],
  ])("%j → %s", (value, valid) => {
    expect(isBrandColor(value)).toBe(valid);
  });
});

describe("brandImageRefusal: spec 3 §5, png/jpg/jpeg, one file, at most 10,000,000 bytes", () => {
  const file = (name: string, size = 1_000) => ({ name, size });
  test.each([
    ["a png", [file("logo.png")], null],
    ["a JPEG in capitals", [file("LOGO.JPEG")], null],
    ["a jpg of exactly 10,000,000 bytes", [file("bg.jpg", 10_000_000)], null],
    ["one byte more", [file("bg.jpg", 10_000_001)], "brand_image_too_large"],
    ["a gif", [file("logo.gif")], "brand_image_type"],
    ["an svg", [file("logo.svg")], "brand_image_type"],
    ["no extension", [file("png")], "brand_image_type"],
    ["two files", [file("a.png"), file("b.png")], "brand_image_count"],
    ["no file", [], "brand_image_count"],
  ] as const)("%s → %s", (_, files, refusal) => {
    expect(brandImageRefusal(files)).toBe(refusal);
  });
});

describe("brandOf: the session's brand elements", () => {
  test.each([
    ["no elements", [], DEFAULT_BRAND],
    [
      "all three",
      [
        { type: "logo", value: "/files/l.png" },
        { type: "background", value: "/files/b.jpg" },
        { type: "primary_color", value: "#112233" },
      ],
      { color: "#112233", logoUrl: "/files/l.png", backgroundUrl: "/files/b.jpg" },
    ],
    [
      "the newest colour wins",
      [
        { type: "primary_color", value: "#112233" },
        { type: "primary_color", value: "#445566" },
      ],
      { ...DEFAULT_BRAND, color: "#445566" },
    ],
    ["a colour that is not hex", [{ type: "primary_color", value: "red" }], DEFAULT_BRAND],
    ["an empty logo", [{ type: "logo", value: "" }], DEFAULT_BRAND],
    ["other elements", [{ type: "title", value: "Analyst" }], DEFAULT_BRAND],
  ])("%s", (_, elements, brand) => {
    expect(brandOf(elements)).toEqual(brand);
  });

  test("the default colour is the spec's", () => {
    expect(DEFAULT_BRAND.color).toBe(DEFAULT_PRIMARY_COLOR);
  });
});
