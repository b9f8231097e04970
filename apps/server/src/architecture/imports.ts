import path from "node:path";

// The server's import rule (ARCHITECTURE.md "Homes and the import rule"). Paths are relative to
// apps/server/src, with forward slashes.

/** One source file of apps/server/src: its path there and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

export interface Violation {
  file: string;
  /** The import's specifier, or what the file holds that it may not. */
  what: string;
  reason: string;
}

// `import … from "./x"`, `export … from "./x"`, `import "./x"` and `import("./x")`, relative only.
const STATIC_IMPORT = /(?:^|[\s;}])(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?["'](\.{1,2}\/[^"']*)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.{1,2}\/[^"']*)["']\s*\)/g;

/** The relative module specifiers a file imports or re-exports, in order of appearance. */
export function relativeImports(text: string): string[] {
  const found: { at: number; specifier: string }[] = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT])
    for (const m of text.matchAll(pattern)) found.push({ at: m.index, specifier: m[1] as string });
  return found.sort((a, b) => a.at - b.at).map((f) => f.specifier);
}

export const isTestFile = (file: string) => file.endsWith(".test.ts");

interface Home {
  /** The first folder under src (`features`, `kernel`, `media`, `platform`, `http`, `testing`, …), or "" for src's own files. */
  folder: string;
  /** The feature's folder, for a module of one; null for features/*.ts (the Feature shape, FeatureDeps). */
  feature: string | null;
  /** The module's path inside its feature's folder. */
  inFeature: string;
}

function homeOf(modulePath: string): Home {
  const parts = modulePath.split("/");
  if (parts.length === 1) return { folder: "", feature: null, inFeature: "" };
  const folder = parts[0] as string;
  if (folder !== "features" || parts.length === 2) return { folder, feature: null, inFeature: "" };
  return { folder, feature: parts[1] as string, inFeature: parts.slice(2).join("/") };
}

/** Why `file` may not import `specifier`, or null when it may. */
export function importRefusal(file: string, specifier: string): string | null {
  const target = path.posix
    .normalize(path.posix.join(path.posix.dirname(file), specifier))
    .replace(/\.(ts|mjs|js)$/, "");
  if (target.startsWith("../")) return null; // outside src: package files, the repository's docs
  const from = homeOf(file);
  const to = homeOf(target);
  if (to.folder === "testing" && from.folder !== "testing" && !isTestFile(file))
    return "only tests and the test harness import testing/";
  const inner = ["kernel", "media", "features"];
  if ((from.folder === "platform" || from.folder === "http") && inner.includes(to.folder))
    return `${from.folder}/ imports no kernel, media or feature`;
  if ((from.folder === "kernel" || from.folder === "media") && to.folder === "features")
    return `${from.folder}/ imports no feature`;
  if (from.folder !== "features" || to.feature === null || to.feature === from.feature) return null;
  return to.inFeature === "service" ? null : `another feature is reached through its service.ts only`;
}

/** Every import in `files` that breaks the rule. */
export function importViolations(files: readonly SourceFile[]): Violation[] {
  return files.flatMap((f) =>
    relativeImports(f.text).flatMap((specifier) => {
      const reason = importRefusal(f.path, specifier);
      return reason ? [{ file: f.path, what: specifier, reason }] : [];
    }),
  );
}
