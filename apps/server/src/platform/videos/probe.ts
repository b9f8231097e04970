import { z } from "zod";
import { type MediaInput, measureCommand, probeCommand, type SourceVideo } from "./commands";
import { durationText, VideoPrepareError } from "./errors";
import type { VideoLimits } from "./limits";
import { complaints, type RunContext, runTool } from "./run";

// Issue 25 §2: ffprobe reads what the file declares (streams, sizes, length) and every bound is checked
// on it before ffmpeg decodes a single frame. A WebM recorded by a browser declares no length: its
// packets are then read (not decoded) to find it.

const Stream = z.object({
  index: z.number().int().min(0),
  codec_type: z.string().default(""),
  codec_name: z.string().default(""),
  width: z.number().int().default(0),
  height: z.number().int().default(0),
  pix_fmt: z.string().default(""),
  avg_frame_rate: z.string().default("0/0"),
  r_frame_rate: z.string().default("0/0"),
  duration: z.string().optional(),
  channels: z.number().int().default(0),
  sample_rate: z.string().default("0"),
  disposition: z.object({ attached_pic: z.number().default(0) }).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() })).default([]),
});
const Probe = z.object({
  streams: z.array(Stream).default([]),
  format: z.object({ duration: z.string().optional() }).default({}),
});
type Stream = z.infer<typeof Stream>;

const unreadable = (detail?: string) =>
  new VideoPrepareError(
    "video_unreadable",
    "The video could not be read. Please export it again as an MP4 (H.264) and upload that.",
    detail,
  );

/** ffprobe's JSON; null when cut short (more than runConfined keeps) or not of the expected shape. */
function parseProbe(stdout: string): z.infer<typeof Probe> | null {
  try {
    return Probe.safeParse(JSON.parse(stdout)).data ?? null;
  } catch {
    return null;
  }
}

/** "30000/1001" → 29.97; null for "0/0". */
function rate(text: string): number | null {
  const [num, den] = text.split("/").map(Number);
  const fps = (num ?? 0) / (den ?? 1);
  return Number.isFinite(fps) && fps > 0 ? fps : null;
}

/** Seconds as ffprobe writes them → ms; null when absent or nonsense. */
function milliseconds(seconds: string | undefined): number | null {
  const ms = Math.round(Number(seconds) * 1000);
  return seconds !== undefined && Number.isFinite(ms) && ms > 0 ? ms : null;
}

function pictureOf(stream: Stream): SourceVideo["video"] {
  return {
    index: stream.index,
    codec: stream.codec_name,
    pixFmt: stream.pix_fmt,
    width: stream.width,
    height: stream.height,
    fps: rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate),
    rotation: stream.side_data_list.find((data) => data.rotation !== undefined)?.rotation ?? 0,
  };
}

function checkPicture(picture: Stream | undefined, limits: VideoLimits): SourceVideo["video"] {
  if (!picture) {
    throw new VideoPrepareError(
      "video_no_picture",
      "The file has no picture (sound alone, or a still image): please upload a video.",
    );
  }
  const { width, height } = picture;
  if (width <= 0 || height <= 0) throw unreadable("no picture size");
  if (Math.max(width, height) > limits.maxSidePx) {
    throw new VideoPrepareError(
      "video_picture_too_large",
      `The video is ${width} × ${height} pixels; a video may be at most ${limits.maxSidePx} pixels a side.`,
    );
  }
  return pictureOf(picture);
}

/** The length of a file whose header has none: the last packet's time. */
async function measure(
  ctx: RunContext,
  ffmpeg: string,
  input: MediaInput,
  videoIndex: number,
  limits: VideoLimits,
) {
  let lastUs = 0;
  const run = await runTool(measureCommand(ffmpeg, input, videoIndex), ctx, {
    timeoutMs: limits.probeTimeoutMs,
    timeoutMessage: `Reading the video took longer than ${durationText(limits.probeTimeoutMs)}.`,
    onReport: (key, value) => {
      if (key === "out_time_us" && Number(value) > lastUs) lastUs = Number(value);
    },
  });
  if (run.code !== 0) throw unreadable(complaints(run));
  return lastUs > 0 ? Math.round(lastUs / 1000) : null;
}

/** The first picture (not a cover image) and sound streams of a file, and the length it declares. */
async function probeFile(ctx: RunContext, ffprobe: string, input: MediaInput, limits: VideoLimits) {
  const run = await runTool(probeCommand(ffprobe, input), ctx, {
    timeoutMs: limits.probeTimeoutMs,
    timeoutMessage: `Reading the video took longer than ${durationText(limits.probeTimeoutMs)}.`,
  });
  if (run.code !== 0) throw unreadable(complaints(run));
  const probed = parseProbe(run.stdout);
  if (!probed) throw unreadable(run.stdout.slice(0, 2000));
  const { streams, format } = probed;
  const picture = streams.find((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  const sound = streams.find((s) => s.codec_type === "audio");
  return { picture, sound, declaredMs: milliseconds(format.duration) ?? milliseconds(picture?.duration) };
}

const soundOf = (sound: Stream | undefined): SourceVideo["audio"] =>
  sound
    ? {
        index: sound.index,
        codec: sound.codec_name,
        channels: sound.channels,
        sampleRate: Number(sound.sample_rate) || 0,
      }
    : null;

/** What the upload holds, after checking it has a picture of a sane size and an acceptable length. */
export async function readSource(
  ctx: RunContext,
  tools: { ffprobe: string; ffmpeg: string },
  input: MediaInput,
  limits: VideoLimits,
): Promise<SourceVideo> {
  const { picture, sound, declaredMs } = await probeFile(ctx, tools.ffprobe, input, limits);
  const video = checkPicture(picture, limits);
  const durationMs = declaredMs ?? (await measure(ctx, tools.ffmpeg, input, video.index, limits));
  if (durationMs === null) throw unreadable("no duration");
  if (durationMs > limits.maxDurationMs) {
    throw new VideoPrepareError(
      "video_too_long",
      `The video is ${durationText(durationMs)} long; a video may be at most ${durationText(limits.maxDurationMs)}.`,
    );
  }
  return { durationMs, video, audio: soundOf(sound) };
}

/**
 * The prepared MP4 as a browser finds it; null when it has no picture or no length. Not held to the
 * upload's limits: an encoder's last audio frame may end a few milliseconds past the duration cap.
 */
export async function readPrepared(
  ctx: RunContext,
  ffprobe: string,
  file: string,
  limits: VideoLimits,
): Promise<SourceVideo | null> {
  const { picture, sound, declaredMs } = await probeFile(
    ctx,
    ffprobe,
    { path: file, demuxer: "mov" },
    limits,
  );
  if (!picture || declaredMs === null) return null;
  return { durationMs: declaredMs, video: pictureOf(picture), audio: soundOf(sound) };
}
