import { existsSync } from "node:fs";
import path from "node:path";
import { outputDescriptor } from "../platform/ffmpeg/run";
import { fmp4TeeSlave, TEE_ENCODING } from "./ll-hls/ffmpeg-output";

// The ffmpeg command lines of the program feed (MEDIA-NOTES "Server: MediaRecorder chunks -> ffmpeg ->
// HLS"). Every run writes the same live playlist with append_list, so a run that follows another (the
// slate after the compositor left, the compositor again) continues its numbering after a discontinuity.

export const LIVE_PLAYLIST = "live.m3u8";
/**
 * The live playlist as ffmpeg writes it; playlist-follower.ts publishes it as LIVE_PLAYLIST with its own program
 * dates. Not named .m3u8: neither the media route nor the bucket mirror takes it for one to serve.
 */
export const FFMPEG_PLAYLIST = "ffmpeg-live.playlist";
export const VOD_PLAYLIST = "vod.m3u8";
/** An RTMP stream's live master of its renditions (a ladder's recording then has its vod.m3u8 master too). */
export const MASTER_PLAYLIST = "master.m3u8";
/** Segment names ffmpeg writes (live0.ts, live1.ts...): the only files the media route serves beside the playlists. */
export const SEGMENT_PATTERN = "live%d.ts";

export const X264 = [
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-tune",
  "zerolatency",
  "-g",
  "30",
  "-pix_fmt",
  "yuv420p",
];

/** The fast coder costs a third less CPU than the default two-loop search and is as good at the default
 * bitrates (ffmpeg's AAC notes: worse only below 64 kb/s). The input is always 48 kHz. */
const AAC = ["-c:a", "aac", "-aac_coder", "fast"];

const hlsFlags = (discontinuity: boolean) =>
  ["program_date_time", "append_list", "omit_endlist", ...(discontinuity ? ["discont_start"] : [])].join("+");

/**
 * One rendition's outputs from one encode: its HLS in `dir` (relative to the run's working directory,
 * "" for that folder itself, so that no path needs the tee muxer's escaping), the recording's; and with
 * `fmp4Fd`, the LL-HLS packager's fragmented MP4 on that descriptor (issue 27 §2), through a tee, which
 * needs every stream mapped.
 */
export function renditionOutputs(dir: string, discontinuity: boolean, fmp4Fd: number | null): string[] {
  const segments = path.posix.join(dir, SEGMENT_PATTERN);
  const playlist = path.posix.join(dir, FFMPEG_PLAYLIST);
  const flags = hlsFlags(discontinuity);
  if (fmp4Fd === null) {
    return [
      ...AAC,
      ...["-f", "hls", "-hls_time", "1", "-hls_list_size", "6", "-hls_flags", flags],
      ...["-hls_segment_filename", segments, playlist],
    ];
  }
  const hls = `[f=hls:hls_time=1:hls_list_size=6:hls_flags=${flags}:hls_segment_filename=${segments}]${playlist}`;
  return [...AAC, ...TEE_ENCODING, "-f", "tee", `${hls}|${fmp4TeeSlave(fmp4Fd)}`];
}

/** The program feed's one rendition, in the stream's folder, with its LL-HLS on the run's first output. */
const programOutputs = (discontinuity: boolean) => renditionOutputs("", discontinuity, outputDescriptor(0));

/** MediaRecorder's H.264 is copied (~0.03 of a core); VP8 and the rest are encoded at 30 fps. */
export const isH264 = (mimeType: string) => /h264|avc1/i.test(mimeType);

/**
 * The compositor's WebM on stdin, with as little probing as possible (first playlist in ~2-5 s); run in
 * the stream's folder (programOutputs).
 */
export function compositorArgs(mimeType: string, discontinuity: boolean): string[] {
  const copy = isH264(mimeType);
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostats"],
    // nobuffer only when copying: with it ffmpeg 5.1 fails to decode VP8 from WebM ("Invalid data").
    ...(copy ? ["-fflags", "nobuffer"] : []),
    ...["-probesize", "32768", "-analyzeduration", "0", "-i", "pipe:0"],
    ...["-map", "0:v:0", "-map", "0:a:0?"],
    // Without -r, MediaRecorder WebM reads as 1000 fps and the encoder duplicates frames.
    ...(copy ? ["-c:v", "copy"] : [...X264, "-r", "30"]),
    ...programOutputs(discontinuity),
  ];
}

const SLATE_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
/** A slate run ends by itself after this long and the pipeline starts the next one. */
const SLATE_SECONDS = 600;

/** `#rrggbb` (a session's primary colour) as ffmpeg's 0xrrggbb; anything else is the default slate. */
const slateColour = (colour: string | null) =>
  colour && /^#[0-9a-f]{6}$/i.test(colour) ? `0x${colour.slice(1)}` : "0x1f2937";

/**
 * The "Reconnecting…" slate while no compositor sends: real time (-re), silent audio. Without the
 * DejaVu font (a machine without fonts-dejavu) the slate is the plain colour.
 */
export function slateArgs(colour: string | null, font: string | null = SLATE_FONT): string[] {
  return [
    ...slateInput(colour, "1280x720", font),
    ...["-map", "0:v", "-map", "1:a"],
    ...X264,
    ...programOutputs(true),
  ];
}

/** The slate's inputs (picture of `size`, silence), limited to SLATE_SECONDS; the outputs are the caller's. */
export function slateInput(colour: string | null, size: string, font: string | null = SLATE_FONT): string[] {
  const text =
    font && existsSync(font)
      ? `,drawtext=fontfile=${font}:text='Reconnecting…':fontcolor=white:fontsize=48:x=(w-text_w)/2:y=(h-text_h)/2`
      : "";
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostats", "-nostdin", "-re"],
    ...["-f", "lavfi", "-i", `color=c=${slateColour(colour)}:size=${size}:rate=30${text}`],
    ...["-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo"],
    ...["-t", String(SLATE_SECONDS)],
  ];
}
