import { writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

/** Where the harness page is served once `buildHarness` wrote it into the server's files directory. */
export const HARNESS_PATH = "/files/e2e-harness/index.html";

/**
 * Bundles apps/web/test-harness (the web app's program feed and player modules, alone on a page) into
 * `filesDir`, served by the app under its own CSP at HARNESS_PATH.
 */
export async function buildHarness(filesDir: string): Promise<void> {
  const outdir = path.join(filesDir, "e2e-harness");
  await build({
    entryPoints: [path.resolve(import.meta.dirname, "../../apps/web/test-harness/harness.tsx")],
    bundle: true,
    outdir,
    entryNames: "harness",
    format: "iife",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  await writeFile(
    path.join(outdir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Program feed harness</title>
<link rel="stylesheet" href="harness.css"></head><body><div id="root"></div><script src="harness.js"></script></body></html>`,
  );
}
