import path from "node:path";
import { converterSandbox, type Sandbox } from "../child-process/sandbox";
import { findOnPath, isExecutable } from "../executable";
import { locateFfmpeg } from "../ffmpeg/locate";

// The programs a preparation needs. ffmpeg is found as the program feed finds it (FFMPEG_PATH, passed
// in by the caller, then PATH, then the npm package); ffprobe beside it (Debian's ffmpeg package ships
// both), else on PATH: the npm package has no ffprobe. They run in the slide converters' sandbox.

export interface VideoTools {
  ffmpeg: string | null;
  ffprobe: string | null;
  sandbox: Sandbox;
}

/** What to install when either is missing. */
export const FFMPEG_PACKAGE = "ffmpeg";

async function ffprobeFor(ffmpeg: string | null): Promise<string | null> {
  const beside = ffmpeg ? path.join(path.dirname(ffmpeg), "ffprobe") : null;
  return beside && (await isExecutable(beside)) ? beside : findOnPath("ffprobe");
}

/** `ffmpeg`: the binary the server was configured with (FFMPEG_PATH), if any. */
export async function locateVideoTools(ffmpeg?: string | null): Promise<VideoTools> {
  const found = ffmpeg ?? (await locateFfmpeg())?.path ?? null;
  const [ffprobe, sandbox] = await Promise.all([ffprobeFor(found), converterSandbox()]);
  return { ffmpeg: found, ffprobe, sandbox };
}
