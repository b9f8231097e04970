import { createRequire } from "node:module";
import path from "node:path";
import { findOnPath, isExecutable } from "../executable";

// The program feed needs an ffmpeg binary (issue 11 §3). A fresh machine may have none on PATH, so the
// npm package @ffmpeg-installer/linux-x64 (an optional dependency: a static build inside the tarball)
// is the last resort.

export type FfmpegSource = "FFMPEG_PATH" | "PATH" | "npm package";
export interface Ffmpeg {
  path: string;
  source: FfmpegSource;
}

export interface FfmpegSearch {
  /** FFMPEG_PATH, read by main.ts only. */
  configured?: string;
  /** The PATH to look through (process.env.PATH by default). */
  searchPath?: string;
  /** The bundled binary's path, or null when the package is not installed (for tests). */
  bundled?: () => string | null;
}

function bundledBinary(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve("@ffmpeg-installer/linux-x64/package.json")), "ffmpeg");
  } catch {
    return null;
  }
}

/** FFMPEG_PATH when set (it must work: a typo is not silently replaced), else PATH, else the package. */
export async function locateFfmpeg(search: FfmpegSearch = {}): Promise<Ffmpeg | null> {
  if (search.configured) {
    return (await isExecutable(search.configured))
      ? { path: search.configured, source: "FFMPEG_PATH" }
      : null;
  }
  const onPath = await findOnPath("ffmpeg", search.searchPath);
  if (onPath) return { path: onPath, source: "PATH" };
  const bundled = (search.bundled ?? bundledBinary)();
  return bundled && (await isExecutable(bundled)) ? { path: bundled, source: "npm package" } : null;
}

/** What the log says when there is none: the program feed is off, and how to turn it on. */
export const NO_FFMPEG_MESSAGE =
  "ffmpeg not found (FFMPEG_PATH, PATH, @ffmpeg-installer/linux-x64): the program feed (HLS) is off; " +
  "install ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH";
