import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkBudget, type Manifest } from "./budget";

// A build whose entry statically imports a framework chunk and lazily a room chunk with its own CSS.
const manifest: Manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_framework.js"],
    css: ["assets/index.css"],
  },
  "_framework.js": { file: "assets/framework.js" },
  "src/Room.tsx": { file: "assets/room.js", imports: ["_framework.js"], css: ["assets/room.css"] },
};

async function build(files: Record<string, Buffer>, chunks: Manifest = manifest) {
  const dir = await mkdtemp(path.join(tmpdir(), "onstage-budget-"));
  await mkdir(path.join(dir, ".vite"));
  await mkdir(path.join(dir, "assets"));
  await writeFile(path.join(dir, ".vite", "manifest.json"), JSON.stringify(chunks));
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
  return dir;
}

// Random bytes do not compress: their gzipped size is about their own.
const incompressible = (bytes: number) => randomBytes(bytes);

describe("the first-load budget", () => {
  test("counts the entry and its static imports, not the lazy chunks", async () => {
    const dir = await build({
      "assets/index.js": incompressible(2_000),
      "assets/framework.js": incompressible(3_000),
      "assets/room.js": incompressible(50_000),
    });
    const verdict = await checkBudget(dir, 10_000);
    expect(verdict.js.map((f) => f.file)).toEqual(["assets/index.js", "assets/framework.js"]);
    expect(verdict.totalGzipBytes).toBeGreaterThan(5_000);
    expect(verdict.totalGzipBytes).toBeLessThan(5_100);
    expect(verdict.cssFiles).toEqual(["assets/index.css"]);
    expect(verdict.problems).toEqual([]);
  });

  test("a first load over the budget fails with its size", async () => {
    const dir = await build({
      "assets/index.js": incompressible(2_000),
      "assets/framework.js": incompressible(9_000),
      "assets/room.js": incompressible(10),
    });
    const verdict = await checkBudget(dir, 10_000);
    expect(verdict.problems).toEqual([
      expect.stringMatching(/^first-load JS is 11\.\d KB gzipped, over the 10\.0 KB budget$/),
    ]);
  });

  test("a statically imported chunk with its own CSS makes a second stylesheet, which fails", async () => {
    const split: Manifest = {
      ...manifest,
      "_framework.js": { file: "assets/framework.js", css: ["assets/f.css"] },
    };
    const dir = await build(
      { "assets/index.js": incompressible(10), "assets/framework.js": incompressible(10) },
      split,
    );
    const verdict = await checkBudget(dir, 10_000);
    expect(verdict.problems).toEqual(["first load references 2 CSS files, at most 1"]);
  });

  test("the single stylesheet of a build without CSS code splitting counts as first-load CSS", async () => {
    const single: Manifest = { ...manifest, "style.css": { file: "assets/style.css" } };
    const dir = await build(
      { "assets/index.js": incompressible(10), "assets/framework.js": incompressible(10) },
      single,
    );
    const verdict = await checkBudget(dir, 10_000);
    expect(verdict.cssFiles).toEqual(["assets/index.css", "assets/style.css"]);
  });
});
