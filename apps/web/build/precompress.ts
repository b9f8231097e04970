import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// index.html is not here: the server fills it in per page (share previews), so it compresses it on the fly.
const TEXT_FILE = /\.(js|mjs|css|svg|webmanifest|json|txt)$/;
// Below this a compressed copy saves less than a packet and costs a file.
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `x.br` and `x.gz` beside each text file of the build, at the slowest, smallest settings. */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_FILE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/**
 * Build-time brotli (quality 11) and gzip (level 9) copies of the web build's text files: the server
 * sends them as they are (@fastify/static preCompressed), no compression per request.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  // The server entry's build (vite build --ssr) is read from disk by Node, never sent.
  let serverBuild = false;
  return {
    name: "onstage:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!serverBuild) await precompressDir(outDir);
    },
  };
}
