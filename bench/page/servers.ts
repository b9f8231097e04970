import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import react from "@vitejs/plugin-react";
import Fastify from "fastify";
import { build } from "vite";
import { buildApp } from "../../apps/server/src/app";
import { seedDemoData } from "../../apps/server/src/features/demo/seed";
import { openDatabase } from "../../apps/server/src/platform/database";

export const WEB_DIST = path.resolve(import.meta.dirname, "../../apps/web/dist");

export interface RunningServer {
  origin: string;
  close: () => Promise<void>;
}

const originOf = (address: string | { port: number } | null) =>
  typeof address === "object" && address ? `http://127.0.0.1:${address.port}` : "";

/** The real Onstage server with the demo data, serving `npm run build`'s output. */
export async function startOnstage(): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, ".vite", "manifest.json"))) {
    throw new Error(`no web build in ${WEB_DIST}: run \`npm run build\` first`);
  }
  const db = await openDatabase({});
  await seedDemoData(db);
  const { server } = await buildApp({
    db,
    publicUrl: "http://bench.test",
    webDist: WEB_DIST,
    filesDir: await mkdtemp(path.join(tmpdir(), "onstage-bench-page-")),
  });
  await server.listen({ host: "127.0.0.1", port: 0 });
  return {
    origin: originOf(server.server.address()),
    close: async () => {
      await server.close();
      await db.close();
    },
  };
}

/** Whether the Onstage build ships precompressed assets: the bare app then gets the same treatment. */
async function isPrecompressed(dir: string): Promise<boolean> {
  return (await readdir(path.join(dir, "assets"))).some((f) => f.endsWith(".br"));
}

async function precompress(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => /\.(js|css|html|svg)$/.test(f));
  for (const file of files) {
    const content = await readFile(path.join(dir, file));
    const br = await promisify(brotliCompress)(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    await writeFile(path.join(dir, `${file}.br`), br);
    await writeFile(path.join(dir, `${file}.gz`), await promisify(gzip)(content, { level: 9 }));
  }
}

/**
 * A bare React 19 page, built with Vite like ours and served by the same kind of server (Fastify and
 * @fastify/static, compressed as Onstage's assets are), so the comparison is only about the page.
 */
export async function startBareReact(): Promise<RunningServer> {
  const outDir = await mkdtemp(path.join(tmpdir(), "onstage-bench-bare-"));
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, "bare"),
    plugins: [react()],
    logLevel: "error",
    build: { outDir, emptyOutDir: true },
  });
  const preCompressed = await isPrecompressed(WEB_DIST);
  if (preCompressed) await precompress(outDir);
  const server = Fastify();
  await server.register(fastifyStatic, { root: outDir, preCompressed });
  await server.listen({ host: "127.0.0.1", port: 0 });
  return { origin: originOf(server.server.address()), close: () => server.close() };
}
