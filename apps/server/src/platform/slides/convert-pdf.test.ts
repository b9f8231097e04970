import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSize, pngOf } from "../../testing/images";
import { type RequestRecorder, recordRequests } from "../../testing/local-server";
import { expectNothingLeft, refusal, useSlideFolder } from "../../testing/slides/given";
import { drawingBombPdf, pagesPdf } from "../../testing/slides/pdf-writer";
import { convertDeck } from "./convert";

// Issue 25 §1: PDF and image slides through poppler and the image thread, and every way a hostile PDF
// is stopped: by its page count, its page size, the page and deck time limits, or an abort.

const given = useSlideFolder();

describe("a PDF deck", () => {
  let recorder: RequestRecorder;
  beforeAll(async () => {
    recorder = await recordRequests();
  });
  afterAll(() => recorder.close());

  it("becomes one 1920×1080 PNG a page, with progress 1/3, 2/3, 3/3", async () => {
    const inputPath = await given.file("deck.pdf", pagesPdf(3));
    const outDir = given.outDir();
    const progress: string[] = [];
    const deck = await convertDeck({
      inputPath,
      fileName: "Quarterly review.PDF",
      outDir,
      onProgress: (page, total) => progress.push(`${page}/${total}`),
    });
    expect(progress).toEqual(["1/3", "2/3", "3/3"]);
    expect(deck.pages).toEqual(
      [1, 2, 3].map((n) => ({ path: path.join(outDir, `page-00${n}.png`), width: 1920, height: 1080 })),
    );
    expect(await readdir(outDir)).toEqual(["page-001.png", "page-002.png", "page-003.png"]);
    expect(await imageSize(await readFile(path.join(outDir, "page-003.png")))).toEqual({
      format: "png",
      width: 1920,
      height: 1080,
    });
  });

  it("with a link to a remote address converts without any request to it", async () => {
    const inputPath = await given.file("linked.pdf", pagesPdf(2, { linkUri: `${recorder.base}/pdf-link` }));
    const deck = await convertDeck({ inputPath, fileName: "linked.pdf", outDir: given.outDir() });
    expect(deck.pages).toHaveLength(2);
    expect(recorder.requests).toEqual([]);
  });

  it("of 500 pages is refused from its page count, before any page is drawn", async () => {
    const inputPath = await given.file("long.pdf", pagesPdf(500));
    const outDir = given.outDir();
    const started = performance.now();
    const err = await refusal(convertDeck({ inputPath, fileName: "long.pdf", outDir }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(err.code).toBe("slide_too_many_pages");
    expect(err.message).toBe("The file has 500 pages; at most 200 are accepted.");
    await expectNothingLeft(outDir);
  });

  it("with a page larger than PDF allows is refused before it is drawn", async () => {
    const inputPath = await given.file("huge.pdf", pagesPdf(1, { width: 20_000, height: 20_000 }));
    const outDir = given.outDir();
    const err = await refusal(convertDeck({ inputPath, fileName: "huge.pdf", outDir }));
    expect(err.code).toBe("slide_page_too_large");
    expect(err.message).toMatch(/^Page 1 is 20000 × 20000 points; a slide page must be at most 14400 points/);
    await expectNothingLeft(outDir);
  });
});

describe("a page that never finishes drawing", () => {
  it("is killed at the page time limit, leaving no process and no output", async () => {
    const inputPath = await given.file("bomb.pdf", drawingBombPdf());
    const outDir = given.outDir();
    const started = performance.now();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "bomb.pdf", outDir, limits: { pageTimeoutMs: 1_000 } }),
    );
    const tookMs = performance.now() - started;
    expect(err.code).toBe("slide_timeout");
    expect(err.message).toBe("Page 1 took longer than 1 s to draw.");
    expect(tookMs).toBeGreaterThanOrEqual(1_000);
    expect(tookMs).toBeLessThan(2_500);
    await expectNothingLeft(outDir);
  });

  it("is killed at the deck time limit", async () => {
    const inputPath = await given.file("bomb.pdf", drawingBombPdf());
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "bomb.pdf", outDir, limits: { deckTimeoutMs: 800 } }),
    );
    expect(err.code).toBe("slide_timeout");
    expect(err.message).toBe("The file took longer than 0.8 s to convert.");
    await expectNothingLeft(outDir);
  });

  it("is killed when the conversion is cancelled", async () => {
    const inputPath = await given.file("bomb.pdf", drawingBombPdf());
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "bomb.pdf", outDir, signal: AbortSignal.timeout(500) }),
    );
    expect(err.code).toBe("slide_aborted");
    await expectNothingLeft(outDir);
  });
});

describe("an image slide", () => {
  it.each([
    { case: "a 3000×2000 PNG", name: "photo.png", bytes: () => pngOf(3000, 2000), want: [1920, 1280] },
    {
      case: "a 640×480 JPEG, never enlarged",
      name: "photo.JPG",
      bytes: () => jpegOf(640, 480),
      want: [640, 480],
    },
  ])("$case becomes a single PNG page", async ({ name, bytes, want }) => {
    const inputPath = await given.file(name, await bytes());
    const outDir = given.outDir();
    const progress: string[] = [];
    const deck = await convertDeck({
      inputPath,
      fileName: name,
      outDir,
      onProgress: (p, t) => progress.push(`${p}/${t}`),
    });
    expect(deck.pages).toEqual([
      { path: path.join(outDir, "page-001.png"), width: want[0], height: want[1] },
    ]);
    expect(await imageSize(await readFile(path.join(outDir, "page-001.png")))).toEqual({
      format: "png",
      width: want[0],
      height: want[1],
    });
    expect(progress).toEqual(["1/1"]);
  });
});

describe("a file that is no slide", () => {
  it.each([
    {
      case: "a program",
      name: "setup.exe",
      bytes: Buffer.from("MZ\x90\x00"),
      code: "slide_unsupported_type",
      message: /^A slide file must be a PDF/,
    },
    {
      case: "text named .pdf",
      name: "notes.pdf",
      bytes: Buffer.from("just some text"),
      code: "slide_unsupported_type",
      message: /^The file is named \.pdf but its content is not a pdf file\.$/,
    },
    {
      case: "a PDF named .pptx",
      name: "deck.pptx",
      bytes: pagesPdf(1),
      code: "slide_unsupported_type",
      message: /named \.pptx/,
    },
    {
      case: "a broken PDF",
      name: "broken.pdf",
      bytes: Buffer.from("%PDF-1.4\nnot really"),
      code: "slide_unreadable",
      message: /^The file could not be read as a PDF\.$/,
    },
    {
      case: "an empty file",
      name: "empty.pdf",
      bytes: Buffer.alloc(0),
      code: "slide_unsupported_type",
      message: /not a pdf file/,
    },
  ])("$case is refused with $code", async ({ name, bytes, code, message }) => {
    const inputPath = await given.file(name, bytes);
    const outDir = given.outDir();
    const err = await refusal(convertDeck({ inputPath, fileName: name, outDir }));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    await expectNothingLeft(outDir);
  });

  it("past the size limit is refused", async () => {
    const inputPath = await given.file("big.pdf", Buffer.concat([pagesPdf(1), Buffer.alloc(1_500_000)]));
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "big.pdf", outDir, limits: { maxBytes: 1_000_000 } }),
    );
    expect(err.code).toBe("slide_too_large");
    expect(err.message).toBe("The file is 2 MB; a slide file may be at most 1 MB.");
    await expectNothingLeft(outDir);
  });

  it("that is a pipe is refused at once instead of waited on", async () => {
    const pipe = given.path("deck.pdf");
    execFileSync("mkfifo", [pipe]);
    const err = await refusal(convertDeck({ inputPath: pipe, fileName: "deck.pdf", outDir: given.outDir() }));
    expect(err.code).toBe("slide_unreadable");
  });

  it("needing poppler where it is not installed is refused naming the package", async () => {
    const inputPath = await given.file("deck.pdf", pagesPdf(1));
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "deck.pdf", outDir, tools: { pdftoppm: null } }),
    );
    expect(err.code).toBe("slide_converter_missing");
    expect(err.message).toMatch(/Debian package poppler-utils/);
    await expectNothingLeft(outDir);
  });
});

async function jpegOf(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: "#cc6633" } })
    .jpeg()
    .toBuffer();
}
