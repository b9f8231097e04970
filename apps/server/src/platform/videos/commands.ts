import type { VideoDemuxer } from "./sniff";

// Issue 25 §2: the command lines of a preparation, built apart from running them. Every input is read
// through its container's demuxer only (-f) and the file protocol only (-protocol_whitelist): a
// reference inside it to a URL, another protocol or a pipe is refused by ffmpeg itself.

/** The file every browser plays (issue 25 §2): H.264 + AAC in MP4, its index first (faststart). */
export const VIDEO_TARGET = {
  maxWidth: 1280,
  maxHeight: 720,
  maxFps: 30,
  crf: 23,
  /** Bounds the output whatever the picture (3 Mb/s: 700 MB for 30 min); ordinary 720p at CRF 23 stays under it. */
  maxRate: "3M",
  bufSize: "6M",
  audioSampleRate: 48_000,
  audioChannels: 2,
  audioBitrate: "128k",
} as const;

/** Threads of the decoder, the filters and the encoder alike, so the memory cap holds on any machine. */
export const VIDEO_THREADS = "2";

/** A frame rate a hair above 30 (30.02 from a rounded timebase) is still 30. */
const FPS_TOLERANCE = 1.001;

export interface MediaInput {
  path: string;
  demuxer: VideoDemuxer;
}

/** The first picture stream and the first sound stream of a file, as ffprobe read them. */
export interface SourceVideo {
  durationMs: number;
  video: {
    index: number;
    codec: string;
    pixFmt: string;
    width: number;
    height: number;
    /** Frames a second; null when the file does not say. */
    fps: number | null;
    /** Degrees the player must turn the picture (a phone held upright). */
    rotation: number;
  };
  audio: { index: number; codec: string; channels: number; sampleRate: number } | null;
}

const QUIET = ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats"];

// An absolute path after `file:`: a name such as "concat:a|b" is never read as another protocol.
const inputArgs = (input: MediaInput) => [
  "-protocol_whitelist",
  "file",
  "-f",
  input.demuxer,
  "-i",
  `file:${input.path}`,
];

const PROBED = [
  "format=duration",
  "stream=index,codec_type,codec_name,width,height,pix_fmt,avg_frame_rate,r_frame_rate,duration,channels,sample_rate",
  "stream_disposition=attached_pic",
  "stream_side_data=rotation",
].join(":");

export const probeCommand = (ffprobe: string, input: MediaInput) => [
  ffprobe,
  ...["-hide_banner", "-v", "error"],
  ...inputArgs(input),
  ...["-show_entries", PROBED, "-of", "json"],
];

/** Reads every packet of the picture without decoding it: the length of a file whose header has none. */
export const measureCommand = (ffmpeg: string, input: MediaInput, videoIndex: number) => [
  ffmpeg,
  ...QUIET,
  ...["-progress", "pipe:2"],
  ...inputArgs(input),
  ...["-map", `0:${videoIndex}`, "-c", "copy", "-f", "null", "-"],
];

const fpsAbove = (fps: number | null, max: number) => fps === null || fps > max * FPS_TOLERANCE;

/** Whether the source already is what every browser plays, so its streams are copied, not encoded. */
export function isPlayableAsIs({ video, audio }: SourceVideo): boolean {
  const t = VIDEO_TARGET;
  const picture =
    video.codec === "h264" &&
    video.pixFmt === "yuv420p" &&
    video.width <= t.maxWidth &&
    video.height <= t.maxHeight &&
    !fpsAbove(video.fps, t.maxFps) &&
    // Browsers disagree on honouring MP4's rotation matrix; encoding turns the picture itself.
    video.rotation === 0;
  const sound =
    audio === null ||
    (audio.codec === "aac" && audio.channels <= t.audioChannels && audio.sampleRate <= t.audioSampleRate);
  return picture && sound;
}

/** At most 30 fps, then into the 1280×720 box keeping the aspect, never enlarged, even sides (yuv420p). */
export function videoFilter(video: SourceVideo["video"]): string {
  const t = VIDEO_TARGET;
  const fps = fpsAbove(video.fps, t.maxFps) ? [`fps=${t.maxFps}`] : [];
  const box = `w='min(${t.maxWidth},iw)':h='min(${t.maxHeight},ih)'`;
  return [...fps, `scale=${box}:force_original_aspect_ratio=decrease:force_divisible_by=2`].join(",");
}

function encodeArgs(source: SourceVideo): string[] {
  const t = VIDEO_TARGET;
  const picture = ["-vf", videoFilter(source.video), "-c:v", "libx264", "-preset", "veryfast"];
  picture.push("-crf", String(t.crf), "-maxrate", t.maxRate, "-bufsize", t.bufSize, "-pix_fmt", "yuv420p");
  const sound = ["-c:a", "aac", "-b:a", t.audioBitrate, "-ac", String(t.audioChannels)];
  sound.push("-ar", String(t.audioSampleRate));
  return [...picture, "-threads", VIDEO_THREADS, ...(source.audio ? sound : [])];
}

/** The one ffmpeg run: copied or encoded, at most `maxDurationMs` long whatever the header claimed. */
export function prepareCommand(
  ffmpeg: string,
  input: MediaInput,
  source: SourceVideo,
  output: { path: string; copy: boolean; maxDurationMs: number },
): string[] {
  const streams = ["-map", `0:${source.video.index}`];
  if (source.audio) streams.push("-map", `0:${source.audio.index}`);
  return [
    ffmpeg,
    ...QUIET,
    ...["-progress", "pipe:2", "-filter_threads", VIDEO_THREADS, "-threads", VIDEO_THREADS],
    ...inputArgs(input),
    ...streams,
    ...["-t", (output.maxDurationMs / 1000).toFixed(3)],
    ...(output.copy ? ["-c", "copy"] : encodeArgs(source)),
    // Nothing of the source's metadata (a phone's location, the camera's serial) is published with it.
    ...["-map_metadata", "-1", "-map_chapters", "-1"],
    ...["-movflags", "+faststart", "-f", "mp4", `file:${output.path}`],
  ];
}
