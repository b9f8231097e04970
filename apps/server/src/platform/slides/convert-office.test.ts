import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RequestRecorder, recordRequests } from "../../testing/local-server";
import { processesMentioning } from "../../testing/processes";
import { expectNothingLeft, refusal, useSlideFolder } from "../../testing/slides/given";
import { docxWithLinkedImage, pptxDeck } from "../../testing/slides/ooxml";
import { packedZeros, zipFile } from "../../testing/slides/zip-writer";
import { converterSandbox, type Sandbox } from "../child-process/sandbox";
import { convertDeck, SlideConversionError, slideConverterAvailability } from "./convert";

// Issue 25 §1: office files through LibreOffice, as hostile input: no request leaves for what they link
// to, a zip bomb never reaches LibreOffice, and a run that hangs is killed with all its processes.

const given = useSlideFolder();
const { libreoffice } = await slideConverterAvailability();
const namespaces = await converterSandbox();
const settingsOnly: Sandbox = { ...namespaces, kind: "settings-only", unshare: null };

/** A stand-in for soffice that starts a child of its own, as soffice starts soffice.bin, and never ends. */
const hangingOffice = () =>
  given.file("soffice", `#!/bin/sh\nsh -c 'sleep 600; :' stand-in-soffice.bin "$@" &\nwait\n`, 0o755);

describe.skipIf(!libreoffice)("an office deck, with LibreOffice", () => {
  let recorder: RequestRecorder;
  beforeAll(async () => {
    recorder = await recordRequests();
  });
  afterAll(() => recorder.close());

  it("a 3-slide pptx with a linked picture becomes 3 pages, and nothing fetches the picture", async () => {
    const linkedImageUrl = `${recorder.base}/slide-picture.png`;
    const inputPath = await given.file("deck.pptx", pptxDeck(3, { linkedImageUrl }));
    const outDir = given.outDir();
    const progress: string[] = [];
    const deck = await convertDeck({
      inputPath,
      fileName: "deck.pptx",
      outDir,
      onProgress: (page, total) => progress.push(`${page}/${total}`),
    });
    expect(progress).toEqual(["1/3", "2/3", "3/3"]);
    expect(deck.pages.map(({ width, height }) => `${width}×${height}`)).toEqual([
      "1920×1080",
      "1920×1080",
      "1920×1080",
    ]);
    expect(await readdir(outDir)).toEqual(["page-001.png", "page-002.png", "page-003.png"]);
    expect(recorder.requests).toEqual([]);
    expect(await processesMentioning(outDir)).toEqual([]);
  });

  it.each([
    { sandbox: namespaces, kind: namespaces.kind },
    { sandbox: settingsOnly, kind: settingsOnly.kind },
  ])("a docx with a linked picture makes no request (sandbox: $kind)", async ({ sandbox }) => {
    const inputPath = await given.file(
      "linked.docx",
      docxWithLinkedImage(`${recorder.base}/doc-picture.png`),
    );
    const deck = await convertDeck({
      inputPath,
      fileName: "linked.docx",
      outDir: given.outDir(),
      tools: { sandbox },
    });
    expect(deck.pages).toHaveLength(1);
    expect(recorder.requests).toEqual([]);
  });

  it("LibreOffice is killed at the office time limit, soffice.bin with it", async () => {
    const inputPath = await given.file("deck.pptx", pptxDeck(3));
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "deck.pptx", outDir, limits: { officeTimeoutMs: 300 } }),
    );
    expect(err.code).toBe("slide_timeout");
    expect(err.message).toBe("LibreOffice did not finish converting the file within 0.3 s.");
    await expectNothingLeft(outDir);
  });

  it.each([
    { sandbox: namespaces, kind: namespaces.kind },
    { sandbox: settingsOnly, kind: settingsOnly.kind },
  ])("a cancelled conversion ends the running soffice.bin (sandbox: $kind)", async ({ sandbox }) => {
    const inputPath = await given.file("deck.pptx", pptxDeck(3));
    const outDir = given.outDir();
    const controller = new AbortController();
    const conversion = refusal(
      convertDeck({
        inputPath,
        fileName: "deck.pptx",
        outDir,
        signal: controller.signal,
        tools: { sandbox },
      }),
    );
    while (!(await processesMentioning(outDir)).some(({ command }) => command.includes("soffice.bin"))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    expect((await conversion).code).toBe("slide_aborted");
    await expectNothingLeft(outDir);
  });
});

describe("an office deck, whatever LibreOffice does", () => {
  it("a zip bomb named .pptx is refused before LibreOffice runs", async () => {
    const ran = given.path("soffice-ran");
    const soffice = await given.file("soffice", `#!/bin/sh\ntouch ${ran}\n`, 0o755);
    const zeros = packedZeros(100);
    const bomb = zipFile([
      { name: "[Content_Types].xml", data: "<Types/>" },
      ...[1, 2, 3, 4].map((n) => ({ name: `ppt/slides/slide${n}.xml`, packed: zeros })),
    ]);
    const inputPath = await given.file("bomb.pptx", bomb);
    const outDir = given.outDir();
    const started = performance.now();
    const err = await refusal(convertDeck({ inputPath, fileName: "bomb.pptx", outDir, tools: { soffice } }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(err.code).toBe("slide_archive_too_large");
    expect(err.message).toBe("The file unpacks to 400 MB; at most 300 MB are accepted.");
    expect(await stat(ran).catch(() => null)).toBeNull();
    await expectNothingLeft(outDir);
  });

  it.each([
    { sandbox: namespaces, kind: namespaces.kind },
    { sandbox: settingsOnly, kind: settingsOnly.kind },
  ])(
    "a converter that hangs is killed at its limit with its own child (sandbox: $kind)",
    async ({ sandbox }) => {
      const soffice = await hangingOffice();
      const inputPath = await given.file("deck.pptx", pptxDeck(1));
      const outDir = given.outDir();
      const started = performance.now();
      const err = await refusal(
        convertDeck({
          inputPath,
          fileName: "deck.pptx",
          outDir,
          tools: { soffice, sandbox },
          limits: { officeTimeoutMs: 300 },
        }),
      );
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(err.code).toBe("slide_timeout");
      await expectNothingLeft(outDir);
    },
  );

  it("is refused, naming the Debian packages, where LibreOffice is not installed", async () => {
    const inputPath = await given.file("deck.pptx", pptxDeck(1));
    const outDir = given.outDir();
    const err = await refusal(
      convertDeck({ inputPath, fileName: "deck.pptx", outDir, tools: { soffice: null } }),
    );
    expect(err).toBeInstanceOf(SlideConversionError);
    expect(err.code).toBe("slide_converter_missing");
    expect(err.message).toBe(
      "Office slides need LibreOffice, which is not installed on this server (Debian packages libreoffice-impress-nogui libreoffice-writer-nogui); PDF and image slides still work.",
    );
    await expectNothingLeft(outDir);
  });

  it("a pptx that LibreOffice cannot open ends with a clear error", async () => {
    const soffice = await given.file(
      "soffice",
      "#!/bin/sh\necho 'Error: source file could not be loaded' >&2\n",
      0o755,
    );
    const inputPath = await given.file("deck.pptx", pptxDeck(1));
    const outDir = given.outDir();
    const err = await refusal(convertDeck({ inputPath, fileName: "deck.pptx", outDir, tools: { soffice } }));
    expect(err.code).toBe("slide_unreadable");
    expect(err.message).toBe("LibreOffice could not open the file as a pptx document.");
    expect(err.detail).toMatch(/source file could not be loaded/);
    await expectNothingLeft(outDir);
  });
});

it("says which sandbox the converters run in", async () => {
  const availability = await slideConverterAvailability();
  expect(["namespaces", "settings-only"]).toContain(availability.sandbox);
  expect(availability.summary).toMatch(/upload converters run/);
  expect(path.isAbsolute(namespaces.unshare ?? "/")).toBe(true);
});
