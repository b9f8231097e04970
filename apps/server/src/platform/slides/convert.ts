import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Sandbox } from "../child-process/sandbox";
import { SlideConversionError } from "./errors";
import { imageToPage } from "./image";
import {
  SLIDE_CONVERSIONS_AT_ONCE,
  SLIDE_CONVERSIONS_WAITING,
  SLIDE_LIMITS,
  type SlideLimits,
} from "./limits";
import { LIBREOFFICE_PACKAGES, officeToPdf } from "./office";
import { checkPdf, renderPdf, type SlidePage } from "./pdf";
import { conversionSlots } from "./slots";
import { identifySlideFile, type SlideSource, slideExtension } from "./sniff";
import { locateSlideTools, POPPLER_PACKAGE, type SlideTools } from "./tools";
import { checkOfficeZip } from "./zip-guard";

// Issue 25 §1: an uploaded deck (pdf, doc, docx, ppt, pptx, png, jpg, jpeg) becomes page images.
// Everything cheap is checked before anything is made; then outDir is created and either holds every
// page at the end or is gone, with every converter process ended.

export { converterSandbox, describeSandbox } from "../child-process/sandbox";
export type { SlideErrorCode } from "./errors";
export { SlideConversionError } from "./errors";
export { slideConverterAvailability } from "./tools";
export type { SlidePage };

export interface ConvertDeckOptions {
  inputPath: string;
  /** The name the host gave the file: its extension says what it must be. */
  fileName: string;
  /** Created by the conversion (it must not exist yet), and removed again if it fails. */
  outDir: string;
  onProgress?: (page: number, total: number) => void;
  signal?: AbortSignal;
  /** Tighter limits or other tools (tests and the benchmark). */
  limits?: Partial<SlideLimits>;
  tools?: Partial<SlideTools>;
}

export interface ConvertedDeck {
  pages: SlidePage[];
}

const WORK_DIR = ".work";
const slots = conversionSlots({ running: SLIDE_CONVERSIONS_AT_ONCE, waiting: SLIDE_CONVERSIONS_WAITING });

const cancelled = () => new SlideConversionError("slide_aborted", "The conversion was cancelled.");

/** A signal for the whole deck: the caller's abort, or the deck's time limit. */
function deckDeadline(outer: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    const message = `The file took longer than ${ms / 1000} s to convert.`;
    controller.abort(new SlideConversionError("slide_timeout", message));
  }, ms);
  const onAbort = () => controller.abort(cancelled());
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  const dispose = () => {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onAbort);
  };
  return { signal: controller.signal, dispose };
}

/** The file's bytes and what it is, or the refusal. */
async function inspect(options: ConvertDeckOptions, limits: SlideLimits) {
  const extension = slideExtension(options.fileName);
  if (!extension) {
    throw new SlideConversionError(
      "slide_unsupported_type",
      "A slide file must be a PDF, a PowerPoint (ppt, pptx) or Word (doc, docx) document, or a PNG or JPEG image.",
    );
  }
  const info = await stat(options.inputPath);
  // A pipe or a device would never end.
  if (!info.isFile()) throw new SlideConversionError("slide_unreadable", "The upload is not a plain file.");
  const bytes = info.size <= limits.maxBytes ? await readFile(options.inputPath) : null;
  // The size is checked again on the bytes read: the file may have grown in between.
  if (!bytes || bytes.length > limits.maxBytes) {
    throw new SlideConversionError(
      "slide_too_large",
      `The file is ${Math.ceil(Math.max(info.size, bytes?.length ?? 0) / 1e6)} MB; a slide file may be at most ${limits.maxBytes / 1e6} MB.`,
    );
  }
  const source = identifySlideFile(extension, bytes);
  if (!source) {
    throw new SlideConversionError(
      "slide_unsupported_type",
      `The file is named .${extension} but its content is not a ${extension} file.`,
    );
  }
  return { bytes, extension, source };
}

function requireTools(source: SlideSource, tools: SlideTools) {
  const { pdfinfo, pdftoppm, soffice } = tools;
  if (source.kind !== "image" && (!pdfinfo || !pdftoppm)) {
    const message = `PDF and office slides need poppler, which is not installed on this server (Debian package ${POPPLER_PACKAGE}).`;
    throw new SlideConversionError("slide_converter_missing", message);
  }
  if (source.kind === "office" && !soffice) {
    const message = `Office slides need LibreOffice, which is not installed on this server (Debian packages ${LIBREOFFICE_PACKAGES}); PDF and image slides still work.`;
    throw new SlideConversionError("slide_converter_missing", message);
  }
  return { pdfinfo: pdfinfo ?? "", pdftoppm: pdftoppm ?? "", soffice: soffice ?? "" };
}

type Inspected = Awaited<ReturnType<typeof inspect>>;
type Tools = ReturnType<typeof requireTools> & { sandbox: Sandbox };

async function convertInto(
  options: ConvertDeckOptions,
  file: Inspected,
  tools: Tools,
  limits: SlideLimits,
  signal: AbortSignal,
): Promise<SlidePage[]> {
  const onProgress = options.onProgress ?? (() => undefined);
  const { source, bytes } = file;
  if (source.kind === "image") {
    const page = await imageToPage(bytes, options.outDir, limits);
    signal.throwIfAborted();
    onProgress(1, 1);
    return [page];
  }
  const home = path.join(options.outDir, WORK_DIR);
  await mkdir(home);
  const input = path.join(home, `input.${file.extension}`);
  await writeFile(input, bytes);
  const ctx = { sandbox: tools.sandbox, memoryBytes: limits.memoryBytes, home, signal };
  const pdf =
    source.kind === "office"
      ? await officeToPdf(ctx, tools.soffice, { path: input, ...source }, limits)
      : input;
  const pages = await checkPdf(ctx, tools, pdf, limits);
  return renderPdf(ctx, tools, { pdf, pages, outDir: options.outDir }, limits, onProgress);
}

/**
 * Converts one uploaded deck into PNG pages (page-001.png, ...) in `outDir`, calling `onProgress(n, N)`
 * after each page. Refusals and failures throw a SlideConversionError with a stable code.
 */
export function convertDeck(options: ConvertDeckOptions): Promise<ConvertedDeck> {
  const limits = { ...SLIDE_LIMITS, ...options.limits };
  return slots.run(options.signal, async () => {
    const file = await inspect(options, limits);
    const found = { ...(await locateSlideTools()), ...options.tools };
    const tools = { ...requireTools(file.source, found), sandbox: found.sandbox };
    if (file.source.kind === "office" && (file.source.format === "docx" || file.source.format === "pptx")) {
      await checkOfficeZip(file.bytes, file.source.format, limits);
    }
    if (options.signal?.aborted) throw cancelled();
    await mkdir(path.dirname(options.outDir), { recursive: true });
    // Not recursive: a directory that exists already is the caller's, and a failure must not remove it.
    await mkdir(options.outDir);
    const deck = deckDeadline(options.signal, limits.deckTimeoutMs);
    try {
      const pages = await convertInto(options, file, tools, limits, deck.signal);
      await rm(path.join(options.outDir, WORK_DIR), { recursive: true, force: true });
      return { pages };
    } catch (err) {
      await rm(options.outDir, { recursive: true, force: true });
      throw err;
    } finally {
      deck.dispose();
    }
  });
}
