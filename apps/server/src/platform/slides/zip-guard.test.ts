import { describe, expect, it } from "vitest";
import { pptxDeck } from "../../testing/slides/ooxml";
import { type PackedEntry, packedZeros, zipFile } from "../../testing/slides/zip-writer";
import type { SlideConversionError } from "./errors";
import { SLIDE_LIMITS } from "./limits";
import { checkOfficeZip } from "./zip-guard";

// Issue 25 §1: the decompression-bomb guard, on zips built here: what their directory declares and what
// their entries really unpack to.

const zeros50: PackedEntry = packedZeros(50);
const ooxmlHead = [
  { name: "[Content_Types].xml", data: "<Types/>" },
  { name: "ppt/presentation.xml", data: "<p:presentation/>" },
];

const check = (zip: Buffer) =>
  checkOfficeZip(zip, "pptx", SLIDE_LIMITS).then(
    () => null,
    (err: SlideConversionError) => ({ code: err.code, message: err.message }),
  );

describe("the zip guard", () => {
  it("lets a real deck through", async () => {
    expect(await check(pptxDeck(3))).toBeNull();
  });

  it.each([
    {
      case: "entries declaring 400 MB together",
      zip: () =>
        zipFile([
          ...ooxmlHead,
          ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ name: `ppt/media/${n}.bin`, packed: zeros50 })),
        ]),
      want: {
        code: "slide_archive_too_large",
        message: "The file unpacks to 400 MB; at most 300 MB are accepted.",
      },
    },
    {
      case: "one entry packed 1000:1",
      zip: () => zipFile([...ooxmlHead, { name: "ppt/slides/slide1.xml", packed: zeros50 }]),
      want: {
        code: "slide_archive_too_large",
        message:
          "The file's part ppt/slides/slide1.xml unpacks to more than 100 times its size: it looks like a decompression bomb.",
      },
    },
    {
      case: "an entry unpacking to more than it declares",
      zip: () =>
        zipFile([...ooxmlHead, { name: "ppt/slides/slide1.xml", packed: { ...zeros50, size: 1_000 } }]),
      want: {
        code: "slide_archive_too_large",
        message:
          "The file's part ppt/slides/slide1.xml unpacks to more than it declares: it looks like a decompression bomb.",
      },
    },
    {
      case: "6000 entries",
      zip: () =>
        zipFile([...ooxmlHead, ...Array.from({ length: 6000 }, (_, n) => ({ name: `ppt/${n}`, data: "" }))]),
      want: {
        code: "slide_archive_too_large",
        message: "The file holds 6002 parts; at most 5000 are accepted.",
      },
    },
    {
      case: "a zip of other things",
      zip: () => zipFile([{ name: "readme.txt", data: "hello" }]),
      want: {
        code: "slide_unreadable",
        message: "The file is not a valid pptx document (a damaged archive).",
      },
    },
    {
      case: "a cut-off zip",
      zip: () => pptxDeck(1).subarray(0, 200),
      want: {
        code: "slide_unreadable",
        message: "The file is not a valid pptx document (a damaged archive).",
      },
    },
    {
      case: "damaged packed data",
      zip: () => {
        const zip = pptxDeck(1);
        zip.fill(0xff, 60, 120);
        return zip;
      },
      want: {
        code: "slide_unreadable",
        message: "The file is not a valid pptx document (a damaged archive).",
      },
    },
  ])("refuses $case", async ({ zip, want }) => {
    expect(await check(zip())).toEqual(want);
  });
});
