import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { convertDeck, slideConverterAvailability } from "../apps/server/src/platform/slides/convert";
import { pptxDeck } from "../apps/server/src/testing/slides/ooxml";
import { pagesPdf } from "../apps/server/src/testing/slides/pdf-writer";
import { descendantsOf } from "./proc";

// Issue 25 §1: a 20-page deck must be ready (every page a 1920 px PNG) in under 10 s. The same 20
// slides as a PDF (poppler only) and as a pptx (LibreOffice to PDF first, with its fresh profile and
// cold start), ROUNDS conversions each, one at a time, through convertDeck as the server calls it.
// Meanwhile the converter processes (everything below this one: prlimit, unshare, soffice.bin,
// pdftoppm) are sampled every SAMPLE_MS for their summed resident memory; the peak is printed.
const PAGES = 20;
const ROUNDS = 3;
const SAMPLE_MS = 20;
const TARGET_MS = 10_000;

const PAGE_BYTES = Number(execFileSync("getconf", ["PAGESIZE"]).toString().trim()) || 4096;

/** The resident memory of every process below this one, summed. */
async function convertersRss(): Promise<number> {
  const pids = await descendantsOf("self");
  const pages = await Promise.all(
    pids.map((pid) =>
      readFile(`/proc/${pid}/statm`, "utf8").then(
        (s) => Number(s.split(" ")[1]),
        () => 0,
      ),
    ),
  );
  return pages.reduce((sum, n) => sum + n, 0) * PAGE_BYTES;
}

const root = await mkdtemp(path.join(tmpdir(), "onstage-bench-slides-"));

/** Median milliseconds for a 20-page deck of `fileName`, and the converters' peak RSS meanwhile. */
async function measure(fileName: string, bytes: Buffer): Promise<{ ms: number; peakRss: number }> {
  const inputPath = path.join(root, fileName);
  await writeFile(inputPath, bytes);
  let peakRss = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRss = Math.max(peakRss, await convertersRss());
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const outDir = path.join(root, `${fileName}-${round}`);
    const started = performance.now();
    const deck = await convertDeck({ inputPath, fileName, outDir });
    times.push(performance.now() - started);
    if (deck.pages.length !== PAGES) throw new Error(`${fileName}: ${deck.pages.length} pages, not ${PAGES}`);
  }
  sampling = false;
  await sampler;
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(ROUNDS / 2)] ?? 0;
  console.log(
    `${fileName}: ${PAGES} pages in ${(ms / 1000).toFixed(2)} s (median of ${ROUNDS}; ${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s), converters' peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
  );
  return { ms, peakRss };
}

const availability = await slideConverterAvailability();
console.log(availability.summary);
const pdf = await measure("deck.pdf", pagesPdf(PAGES));
const pptx = availability.libreoffice ? await measure("deck.pptx", pptxDeck(PAGES)) : null;
await rm(root, { recursive: true, force: true });

const perSecond = (ms: number) => (PAGES / (ms / 1000)).toFixed(1);
if (pptx) {
  console.log(`slides_pptx_pages_per_s: ${perSecond(pptx.ms)}`);
  console.log(`slides_pptx_peak_rss_mb: ${(pptx.peakRss / 1e6).toFixed(0)}`);
} else console.log("slides_pptx_pages_per_s: skipped (LibreOffice is not installed)");
console.log(`slides_pdf_peak_rss_mb: ${(pdf.peakRss / 1e6).toFixed(0)}`);
console.log(`slides_pdf_pages_per_s: ${perSecond(pdf.ms)}`);
process.exit(Math.max(pdf.ms, pptx?.ms ?? 0) < TARGET_MS ? 0 : 1);
