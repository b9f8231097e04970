import { mkdir, mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { extensionIn, VIDEO_FILE_EXTENSIONS } from "@onstage/domain";
import { slots } from "../slots";
import { isPlayableAsIs, type MediaInput, prepareCommand } from "./commands";
import { cancelled, durationText, VideoPrepareError } from "./errors";
import {
  transcodeTimeoutMs,
  VIDEO_LIMITS,
  VIDEO_PREPARATIONS_AT_ONCE,
  VIDEO_PREPARATIONS_WAITING,
  type VideoLimits,
} from "./limits";
import { readPrepared, readSource } from "./probe";
import { complaints, type RunContext, runTool } from "./run";
import { SNIFF_BYTES, type VideoFileType, videoDemuxer } from "./sniff";
import { FFMPEG_PACKAGE, locateVideoTools, type VideoTools } from "./tools";

// Issue 25 §2: an uploaded video (mp4, mov, webm) becomes an MP4 every browser plays: its streams copied
// when they already are H.264 (+ AAC) within 1280×720 and 30 fps, else encoded. Everything cheap is
// checked before anything runs, every bound ffprobe can read before ffmpeg decodes; the output appears
// at outPath whole, or nothing does, with every ffprobe and ffmpeg process ended.

export type { VideoErrorCode } from "./errors";
export { VideoPrepareError } from "./errors";
export type { VideoLimits } from "./limits";
export type { VideoTools } from "./tools";

export interface PrepareVideoOptions {
  inputPath: string;
  /** The name the host gave the file: its extension says what it must be. */
  fileName: string;
  /** Where the MP4 goes; written only once it is complete, and it must not exist yet. */
  outPath: string;
  /** How far ffmpeg is through the video, rising from 0 to below 1; then 1 once outPath is written. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tighter limits (tests). */
  limits?: Partial<VideoLimits>;
  /** The configured ffmpeg (FFMPEG_PATH), or other tools (tests). */
  tools?: Partial<VideoTools>;
}

export interface PreparedVideo {
  durationMs: number;
  width: number;
  height: number;
  /** False for a video without sound: it stays without. */
  hasAudio: boolean;
  /** False when the source's streams were copied as they are. */
  transcoded: boolean;
}

const OUTPUT_NAME = "video.mp4";
/** Progress stops short of 1 until the file is in place. */
const RUNNING_MAX_FRACTION = 0.99;

const CONTENT_OF: Record<VideoFileType, string> = {
  mp4: "an MP4 video",
  mov: "a QuickTime (MOV) video",
  webm: "a WebM video",
};

const preparations = slots({
  running: VIDEO_PREPARATIONS_AT_ONCE,
  waiting: VIDEO_PREPARATIONS_WAITING,
  busy: () =>
    new VideoPrepareError(
      "videos_busy",
      "Too many videos are being prepared right now. Please try again in a moment.",
    ),
  aborted: cancelled,
});

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The file's container, or the refusal. */
async function inspect(options: PrepareVideoOptions, limits: VideoLimits): Promise<MediaInput> {
  const type = extensionIn(options.fileName, VIDEO_FILE_EXTENSIONS);
  if (!type) {
    throw new VideoPrepareError("video_unsupported_type", "A video must be an MP4, MOV or WebM file.");
  }
  const info = await stat(options.inputPath);
  // A pipe or a device would never end.
  if (!info.isFile()) throw new VideoPrepareError("video_unreadable", "The upload is not a plain file.");
  if (info.size > limits.maxBytes) {
    throw new VideoPrepareError(
      "video_too_large",
      `The file is ${Math.ceil(info.size / 1e6)} MB; a video may be at most ${limits.maxBytes / 1e6} MB.`,
    );
  }
  const demuxer = videoDemuxer(type, await readHead(options.inputPath));
  if (!demuxer) {
    throw new VideoPrepareError(
      "video_unsupported_type",
      `The file is named .${type} but its content is not ${CONTENT_OF[type]}.`,
    );
  }
  return { path: path.resolve(options.inputPath), demuxer };
}

function requireTools(tools: VideoTools) {
  const { ffmpeg, ffprobe, sandbox } = tools;
  if (!ffmpeg || !ffprobe) {
    const message = `Videos need ffmpeg and ffprobe, which are not installed on this server (Debian package ${FFMPEG_PACKAGE}).`;
    throw new VideoPrepareError("video_converter_missing", message);
  }
  return { ffmpeg, ffprobe, sandbox };
}

/** The preparation's signal: the caller's abort, as video_aborted. */
function abortable(outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(cancelled());
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, dispose: () => outer?.removeEventListener("abort", onAbort) };
}

/** ffmpeg's -progress report (out_time_us) as a rising fraction of the video's length. */
function progressOf(durationMs: number, onProgress: (fraction: number) => void) {
  let last = 0;
  return (key: string, value: string) => {
    if (key !== "out_time_us") return;
    const fraction = Math.min(Number(value) / 1000 / durationMs, RUNNING_MAX_FRACTION);
    if (fraction > last) {
      last = fraction;
      onProgress(fraction);
    }
  };
}

type Tools = ReturnType<typeof requireTools>;

const notConverted = (detail: string) =>
  new VideoPrepareError(
    "video_unreadable",
    "The video could not be converted. Please export it again as an MP4 (H.264) and upload that.",
    detail,
  );

async function prepareInto(
  ctx: RunContext,
  tools: Tools,
  input: MediaInput,
  output: string,
  options: { limits: VideoLimits; onProgress: (fraction: number) => void },
): Promise<PreparedVideo> {
  const { limits } = options;
  const source = await readSource(ctx, tools, input, limits);
  const copy = isPlayableAsIs(source);
  const timeoutMs = transcodeTimeoutMs(source.durationMs, limits);
  const command = prepareCommand(tools.ffmpeg, input, source, {
    path: output,
    copy,
    maxDurationMs: limits.maxDurationMs,
  });
  const run = await runTool(command, ctx, {
    timeoutMs,
    timeoutMessage: `Preparing the video took longer than ${durationText(timeoutMs)}.`,
    onReport: progressOf(source.durationMs, options.onProgress),
  });
  if (run.code !== 0) throw notConverted(complaints(run));
  // The result is read back as a browser would: an H.264 picture, and sound exactly when the source had it.
  const made = await readPrepared(ctx, tools.ffprobe, output, limits);
  if (made?.video.codec !== "h264" || (made.audio === null) !== (source.audio === null)) {
    throw notConverted(`made ${made?.video.codec ?? "no picture"}, sound ${made?.audio?.codec ?? "none"}`);
  }
  return {
    durationMs: made.durationMs,
    width: made.video.width,
    height: made.video.height,
    hasAudio: made.audio !== null,
    transcoded: !copy,
  };
}

/**
 * Probes the uploaded video at `inputPath` and writes the MP4 every browser plays to `outPath`.
 * Refusals and failures throw a VideoPrepareError with a stable code.
 */
export async function prepareVideo(options: PrepareVideoOptions): Promise<PreparedVideo> {
  const limits = { ...VIDEO_LIMITS, ...options.limits };
  const onProgress = options.onProgress ?? (() => undefined);
  const input = await inspect(options, limits);
  const tools = requireTools({ ...(await locateVideoTools(options.tools?.ffmpeg)), ...options.tools });
  const outPath = path.resolve(options.outPath);
  // The caller's own file is never replaced, nor removed by a failure.
  if (await stat(outPath).catch(() => null)) throw new Error(`${outPath} exists already`);
  return preparations.run(async () => {
    await mkdir(path.dirname(outPath), { recursive: true });
    // Beside outPath, so the finished file is moved into place, never copied across file systems.
    const work = await mkdtemp(`${outPath}.preparing-`);
    const run = abortable(options.signal);
    try {
      const ctx = { sandbox: tools.sandbox, memoryBytes: limits.memoryBytes, home: work, signal: run.signal };
      const output = path.join(work, OUTPUT_NAME);
      const prepared = await prepareInto(ctx, tools, input, output, { limits, onProgress });
      run.signal.throwIfAborted();
      await rename(output, outPath);
      onProgress(1);
      return prepared;
    } finally {
      run.dispose();
      await rm(work, { recursive: true, force: true });
    }
  }, options.signal);
}
