import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect } from "vitest";
import { VideoPrepareError } from "../../platform/videos/errors";
import { processesMentioning } from "../processes";

// A video suite's own folder: its clips, and a fresh output path per preparation.

export function useVideoFolder() {
  let root = "";
  let next = 0;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "onstage-videos-test-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const fresh = (name: string) => path.join(root, `${next++}-${name}`);
  return {
    get root() {
      return root;
    },
    /** A path in the folder, nothing there yet. */
    path: fresh,
    async file(name: string, bytes: Buffer | string, mode = 0o644): Promise<string> {
      const file = fresh(name);
      await writeFile(file, bytes, { mode });
      return file;
    },
    /** A path for a preparation's MP4, not created yet. */
    outPath: () => fresh("out.mp4"),
  };
}

/** What a preparation threw, checked to be a VideoPrepareError. */
export async function refusal(preparation: Promise<unknown>): Promise<VideoPrepareError> {
  const err = await preparation.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VideoPrepareError);
  return err as VideoPrepareError;
}

/** A failed preparation leaves no output, no work folder beside it and no process that names either. */
export async function expectNothingLeft(outPath: string): Promise<void> {
  expect(await stat(outPath).catch(() => null)).toBeNull();
  const left = await readdir(path.dirname(outPath));
  expect(left.filter((name) => name.startsWith(path.basename(outPath)))).toEqual([]);
  expect(await processesMentioning(path.dirname(outPath))).toEqual([]);
}

/** Waits until `condition` holds (a process started, a file appeared), failing after `ms`. */
export async function until(condition: () => Promise<boolean>, ms = 5_000): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 10) {
    if (waited > ms) throw new Error("condition not met in time");
    await sleep(10);
  }
}
