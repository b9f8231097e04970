import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../platform/database";
import type { JobHandler } from "../../../platform/jobs/worker";
import { convertDeck, SlideConversionError } from "../../../platform/slides/convert";
import type { FileStorage } from "../../../platform/storage/port";
import { removeUnreferenced } from "../library/storage";
import { findPresentation, setConversion } from "./queries";

// Issue 25 §1 file-convert as a durable job: the uploaded deck becomes page images in storage, next to
// the upload (spec 3 §9 'file-conversions/channel-{org}/session-{session}'), with page n of N on the row.
// A refused or broken file ends 'failed' with the converter's sentence and leaves no page behind.

export const SLIDE_CONVERSION_JOB = "slides.convert";

/** Tried again only when the converter was busy or stopped; a bad file fails once and for all. */
const RETRIED: readonly string[] = ["slides_busy", "slide_aborted"];

/**
 * Where an upload's pages go: a folder named as the upload, beside it. A template's copy of the deck
 * shares them (library/storage.ts removes them once no deck refers to the upload).
 */
export const pagesPrefix = (fileKey: string) => `${fileKey.replace(/\.[a-z0-9]+$/, "")}/`;
const pageKey = (prefix: string, n: number) => `${prefix}page-${String(n).padStart(3, "0")}.png`;

interface ConversionDeps {
  db: Database;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

async function storePages(storage: FileStorage, prefix: string, files: readonly string[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const [i, file] of files.entries())
      urls.push(await storage.put(pageKey(prefix, i + 1), await readFile(file), "image/png"));
    return urls;
  } catch (error) {
    await removePages(storage, prefix);
    throw error;
  }
}

export async function removePages(storage: FileStorage, prefix: string): Promise<void> {
  for (const key of await storage.list(prefix)) await storage.delete(key);
}

export function slideConversionJobs(deps: ConversionDeps): Record<string, JobHandler> {
  const { db, storage, log } = deps;
  return {
    [SLIDE_CONVERSION_JOB]: async (payload) => {
      const id = Number(payload.id);
      const presentation = await findPresentation(db, id);
      if (!presentation || presentation.conversion.state === "ready") return "skipped";
      const bytes = await storage.get(presentation.fileKey);
      if (!bytes) {
        await setConversion(db, id, {
          state: "failed",
          error: "The uploaded file is gone.",
          pagesDone: 0,
          pageCount: 0,
        });
        return "done";
      }
      await setConversion(db, id, { state: "converting", pagesDone: 0, pageCount: 0 });
      const work = await mkdtemp(path.join(tmpdir(), "onstage-slides-"));
      let progress: Promise<unknown> = Promise.resolve();
      try {
        const inputPath = path.join(work, `upload.${presentation.fileType}`);
        await writeFile(inputPath, bytes);
        const deck = await convertDeck({
          inputPath,
          fileName: `upload.${presentation.fileType}`,
          outDir: path.join(work, "pages"),
          onProgress: (page, total) => {
            progress = progress.then(() =>
              setConversion(db, id, { state: "converting", pagesDone: page, pageCount: total }),
            );
          },
        });
        await progress;
        const prefix = pagesPrefix(presentation.fileKey);
        const pageUrls = await storePages(
          storage,
          prefix,
          deck.pages.map((p) => p.path),
        );
        const pageCount = pageUrls.length;
        const kept = await setConversion(db, id, {
          state: "ready",
          pagesDone: pageCount,
          pageCount,
          pageUrls,
        });
        // Deleted while it was converting: its pages go too, unless another deck shares the upload.
        if (!kept) await removeUnreferenced(db, storage, { slides: [presentation.fileKey], videos: [] });
        return "done";
      } catch (error) {
        await progress.catch(() => undefined);
        if (error instanceof SlideConversionError && RETRIED.includes(error.code)) throw error;
        const message =
          error instanceof SlideConversionError ? error.message : "The file could not be converted.";
        log.warn({ err: error, presentationId: id }, "slide conversion failed");
        await setConversion(db, id, { state: "failed", error: message, pagesDone: 0, pageCount: 0 });
        return "done";
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}
