import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { SlideConversionError } from "../../platform/slides/errors";
import { processesMentioning } from "../processes";

// A slide suite's own folder: input files written there, and a fresh output folder per conversion.

export function useSlideFolder() {
  let root = "";
  let next = 0;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "onstage-slides-test-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const fresh = (name: string) => path.join(root, `${next++}-${name}`);
  return {
    /** A path in the folder, nothing there yet. */
    path: fresh,
    async file(name: string, bytes: Buffer | string, mode = 0o644): Promise<string> {
      const file = fresh(name);
      await writeFile(file, bytes, { mode });
      return file;
    },
    /** A path for a conversion's pages, not created yet. */
    outDir: () => fresh("out"),
  };
}

/** What a conversion threw, checked to be a SlideConversionError. */
export async function refusal(conversion: Promise<unknown>): Promise<SlideConversionError> {
  const err = await conversion.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SlideConversionError);
  return err as SlideConversionError;
}

/** A failed conversion leaves no output folder and no process that names it. */
export async function expectNothingLeft(outDir: string): Promise<void> {
  expect(await stat(outDir).catch(() => null)).toBeNull();
  expect(await processesMentioning(outDir)).toEqual([]);
}
