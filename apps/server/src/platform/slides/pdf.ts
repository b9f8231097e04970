import { open, rename } from "node:fs/promises";
import path from "node:path";
import { type RunContext, runConfined } from "../child-process/confined";
import { SlideConversionError, timedOut } from "./errors";
import type { SlideLimits } from "./limits";

// PDF pages through poppler: pdfinfo counts and measures the pages (it never draws), then one pdftoppm
// draws them all into the fixed box, saying "page n of N" after each, which restarts the page's limit.

export interface SlidePage {
  path: string;
  width: number;
  height: number;
}

export interface PdfTools {
  pdfinfo: string;
  pdftoppm: string;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Pages: the last such line, as a hostile title could carry a line of that shape before it. */
function parsePdfinfo(text: string) {
  const pages = Number([...text.matchAll(/^Pages:\s+(\d+)\s*$/gm)].at(-1)?.[1] ?? 0);
  const sizes = new Map<number, { width: number; height: number }>();
  for (const m of text.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) {
    sizes.set(Number(m[1]), { width: Number(m[2]), height: Number(m[3]) });
  }
  return { pages, sizes };
}

/** The page count, after checking it and every page's size against the limits. */
export async function checkPdf(
  ctx: RunContext,
  tools: PdfTools,
  input: string,
  limits: SlideLimits,
): Promise<number> {
  const run = await runConfined([tools.pdfinfo, "-f", "1", "-l", String(limits.maxPages), input], {
    ...ctx,
    timeoutMs: limits.probeTimeoutMs,
    timeoutError: () => timedOut(`Reading the PDF took longer than ${seconds(limits.probeTimeoutMs)}.`),
  });
  const { pages, sizes } = parsePdfinfo(run.stdout);
  if (run.code !== 0 || pages === 0) {
    throw new SlideConversionError("slide_unreadable", "The file could not be read as a PDF.", run.stderr);
  }
  if (pages > limits.maxPages) {
    throw new SlideConversionError(
      "slide_too_many_pages",
      `The file has ${pages} pages; at most ${limits.maxPages} are accepted.`,
    );
  }
  for (let page = 1; page <= pages; page++) {
    const size = sizes.get(page);
    const long = Math.max(size?.width ?? 0, size?.height ?? 0);
    const short = Math.min(size?.width ?? 0, size?.height ?? 0);
    if (!size || long > limits.pageMaxPoints || short <= 0 || long / short > limits.pageMaxAspect) {
      const shape = size ? `is ${size.width} × ${size.height} points` : "has no size";
      throw new SlideConversionError(
        "slide_page_too_large",
        `Page ${page} ${shape}; a slide page must be at most ${limits.pageMaxPoints} points a side and at most ${limits.pageMaxAspect} times longer than wide.`,
      );
    }
  }
  return pages;
}

/** A PNG's size from its header (IHDR, right after the signature). */
export const pngSizeOf = (head: Buffer) => ({ width: head.readUInt32BE(16), height: head.readUInt32BE(20) });

async function pngSize(file: string): Promise<{ width: number; height: number }> {
  const handle = await open(file);
  try {
    return pngSizeOf((await handle.read(Buffer.alloc(24), 0, 24, 0)).buffer);
  } finally {
    await handle.close();
  }
}

export const pageName = (page: number) => `page-${String(page).padStart(3, "0")}.png`;

/**
 * Draws `pages` pages into `outDir` as page-001.png...; each appears there whole (drawn in the work
 * directory, then moved), and `onProgress(n, pages)` follows it.
 */
export async function renderPdf(
  ctx: RunContext,
  tools: PdfTools,
  input: { pdf: string; pages: number; outDir: string },
  limits: SlideLimits,
  onProgress: (page: number, total: number) => void,
): Promise<SlidePage[]> {
  const done: SlidePage[] = [];
  let drawn = 0;
  let moving = Promise.resolve();
  const pageDrawn = (page: number, file: string) => {
    const target = path.join(input.outDir, pageName(page));
    moving = moving.then(async () => {
      await rename(file, target);
      done.push({ path: target, ...(await pngSize(target)) });
      onProgress(page, input.pages);
    });
  };
  const prefix = path.join(ctx.home, "render");
  const command = [tools.pdftoppm, "-png", "-scale-to", String(limits.renderBoxPx), "-progress"];
  command.push("-f", "1", "-l", String(input.pages), input.pdf, prefix);
  const run = await runConfined(command, {
    ...ctx,
    timeoutMs: limits.pageTimeoutMs,
    timeoutError: () =>
      timedOut(`Page ${drawn + 1} took longer than ${seconds(limits.pageTimeoutMs)} to draw.`),
    onStderrLine: (line) => {
      // "3 12 /work/render-03.png": page 3 of 12 is written.
      const m = /^(\d+) \d+ (.+)$/.exec(line);
      if (!m || path.dirname(m[2] ?? "") !== ctx.home) return false;
      drawn = Number(m[1]);
      pageDrawn(drawn, m[2] ?? "");
      return true;
    },
  }).finally(() => moving.catch(() => undefined));
  await moving;
  if (run.code !== 0 || done.length !== input.pages) {
    throw new SlideConversionError("slide_unreadable", "The PDF's pages could not be drawn.", run.stderr);
  }
  return done;
}
