import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, test } from "vitest";
import { precompressDir } from "./precompress";

let dist = "";
afterEach(() => rm(dist, { recursive: true, force: true }));

test("text files of the build get brotli and gzip copies; index.html, tiny and binary files do not", async () => {
  dist = await mkdtemp(path.join(tmpdir(), "onstage-dist-"));
  await mkdir(path.join(dist, "assets"));
  const script = `console.log(${JSON.stringify("a live event ".repeat(200))});`;
  await writeFile(path.join(dist, "assets/index-abc.js"), script);
  await writeFile(path.join(dist, "assets/index-abc.css"), `.a{color:red}\n`.repeat(100));
  await writeFile(path.join(dist, "assets/tiny.js"), "export {};");
  await writeFile(path.join(dist, "assets/photo.png"), Buffer.alloc(4096));
  await writeFile(path.join(dist, "index.html"), `<html>${" ".repeat(4096)}</html>`);

  await precompressDir(dist);

  expect((await readdir(path.join(dist, "assets"))).sort()).toEqual([
    "index-abc.css",
    "index-abc.css.br",
    "index-abc.css.gz",
    "index-abc.js",
    "index-abc.js.br",
    "index-abc.js.gz",
    "photo.png",
    "tiny.js",
  ]);
  expect(await readdir(dist)).not.toContain("index.html.br");
  const js = path.join(dist, "assets/index-abc.js");
  expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(script);
  expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(script);
});
