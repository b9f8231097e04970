import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";

// Videos for the preparation suites, made by ffmpeg's own test sources (lavfi) when a suite starts: a
// moving test pattern and a tone, small and fast to encode, in the codecs and containers uploads use.

const run = promisify(execFile);

export interface ClipSpec {
  seconds?: number;
  size?: string;
  fps?: number;
  video?: "h264" | "vp8" | null;
  audio?: "aac" | "opus" | null;
  format: "mp4" | "mov" | "webm";
  /** Extra output arguments (metadata, a rotation). */
  extra?: string[];
  /** Degrees a player must turn the picture (a phone filming upright), set on a copy. */
  rotation?: number;
  /** A WebM written as a live stream, as browsers record one: no length in its header. */
  live?: boolean;
}

const VIDEO_CODECS = {
  h264: ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
  vp8: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"],
};
const AUDIO_CODECS = { aac: ["-c:a", "aac"], opus: ["-c:a", "libopus"] };

/** Writes the clip to `file`. */
export async function makeClip(file: string, spec: ClipSpec): Promise<string> {
  const { seconds = 2, size = "320x180", fps = 30, video = "h264", audio = "aac" } = spec;
  const inputs: string[] = [];
  if (video) inputs.push("-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${fps}:duration=${seconds}`);
  if (audio) inputs.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  const codecs = [...(video ? VIDEO_CODECS[video] : []), ...(audio ? AUDIO_CODECS[audio] : [])];
  const live = spec.live ? ["-live", "1"] : [];
  // ffmpeg sets a rotation only when copying: the clip is encoded first, then copied with it.
  const encoded = spec.rotation === undefined ? file : `${file}.encoded`;
  await run("ffmpeg", [
    ...["-nostdin", "-v", "error", "-y", ...inputs, ...codecs, ...(spec.extra ?? [])],
    ...["-f", spec.format, ...live, encoded],
  ]);
  if (spec.rotation !== undefined) {
    const rotate = ["-c", "copy", "-metadata:s:v:0", `rotate=${spec.rotation}`];
    await run("ffmpeg", ["-nostdin", "-v", "error", "-i", encoded, ...rotate, "-f", spec.format, file]);
    await rm(encoded);
  }
  return file;
}

export interface Probed {
  format: { duration?: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    pix_fmt?: string;
    sample_rate?: string;
    channels?: number;
  }[];
}

/** What ffprobe reads of a prepared file: whether it plays, and what it holds. */
export async function probe(file: string): Promise<Probed> {
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-show_entries", "format=duration:format_tags:stream", "-of", "json", file],
  ]);
  return JSON.parse(stdout);
}

/** The types of an MP4's top-level boxes, in file order (ISO/IEC 14496-12 §4.2). */
export function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const size32 = bytes.readUInt32BE(offset);
    const size = size32 === 1 ? Number(bytes.readBigUInt64BE(offset + 8)) : size32 || bytes.length - offset;
    boxes.push(bytes.toString("latin1", offset + 4, offset + 8));
    offset += size;
  }
  return boxes;
}
