import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** One entry of Vite's dist/.vite/manifest.json (the fields the budget reads). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  js: string[];
  css: string[];
}

/**
 * What the browser fetches before the page can run: the HTML entry's chunk and, transitively, its static
 * imports (Vite modulepreloads them). Dynamic imports load later, on demand, so they stay out.
 */
export function firstLoad(manifest: Manifest, entryKey = "index.html"): FirstLoad {
  const entry = manifest[entryKey];
  if (!entry?.isEntry) throw new Error(`the manifest has no entry named ${entryKey}`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`the manifest lists ${key} as an import but has no entry for it`);
      visit(imported);
    }
  };
  visit(entry);
  // With build.cssCodeSplit off, Vite emits one stylesheet, linked by index.html, under this key.
  const allCss = manifest["style.css"];
  if (allCss) css.add(allCss.file);
  return { js: [...js], css: [...css] };
}

export interface SizedFile {
  file: string;
  gzipBytes: number;
}

export interface BudgetVerdict {
  js: SizedFile[];
  totalGzipBytes: number;
  cssFiles: string[];
  problems: string[];
}

export const MAX_FIRST_LOAD_CSS_FILES = 1;

async function gzipSize(file: string): Promise<number> {
  const compressed = await gzipAsync(await readFile(file), { level: constants.Z_BEST_COMPRESSION });
  return compressed.length;
}

/** Measures the first load of the build in `distDir` against a gzipped JS budget. */
export async function checkBudget(distDir: string, budgetBytes: number): Promise<BudgetVerdict> {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
  const load = firstLoad(manifest);
  const js = await Promise.all(
    load.js.map(async (file) => ({ file, gzipBytes: await gzipSize(path.join(distDir, file)) })),
  );
  const totalGzipBytes = js.reduce((sum, f) => sum + f.gzipBytes, 0);
  const problems: string[] = [];
  if (totalGzipBytes > budgetBytes) {
    problems.push(`first-load JS is ${kb(totalGzipBytes)} gzipped, over the ${kb(budgetBytes)} budget`);
  }
  if (load.css.length > MAX_FIRST_LOAD_CSS_FILES) {
    problems.push(`first load references ${load.css.length} CSS files, at most ${MAX_FIRST_LOAD_CSS_FILES}`);
  }
  return { js, totalGzipBytes, cssFiles: load.css, problems };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
