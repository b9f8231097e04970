import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(SERVER_ROOT, "dist");
const src = (file: string) => path.join(SERVER_ROOT, "src", file);

/**
 * The processes and threads the server starts, named as the .mjs entries that load them through tsx
 * in development: `new URL("./worker.mjs", import.meta.url)` in the bundled main.js then finds the
 * compiled one beside it.
 */
const CHILD_ENTRIES = {
  worker: src("platform/media-room/embedded/worker.ts"),
  "ingest-entry": src("features/rtmp-ingest/ingest-child.ts"),
  "media-entry": src("features/program-feed/media-child.ts"),
  "image-entry": src("platform/images/image-worker.ts"),
};

/**
 * Compiles the server into apps/server/dist (main.js and its children): plain JavaScript that starts
 * without a TypeScript loader. Packages stay in node_modules (native addons, files read at run time),
 * except @onstage/domain, which is TypeScript source.
 */
export async function bundleServer(): Promise<void> {
  const common = {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Workspace packages are symlinks into the repository: bundled, not left to node_modules.
    alias: { "@onstage/domain": path.resolve(SERVER_ROOT, "../../packages/domain/src/index.ts") },
    outdir: SERVER_DIST,
    logLevel: "warning",
  } as const;
  await Promise.all([
    build({ ...common, entryPoints: { main: src("main.ts") } }),
    build({ ...common, entryPoints: CHILD_ENTRIES, outExtension: { ".js": ".mjs" } }),
  ]);
}
