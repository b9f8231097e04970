import { type ErrorKind, OnstageError } from "@onstage/domain";

// Issue 25 §2: a refused or failed video ends with a stable code and a sentence a host can act on. The
// message names the file's own figures (its size, its length), so it is built here, not in the catalogue.

export type VideoErrorCode =
  | "video_unsupported_type"
  | "video_too_large"
  | "video_too_long"
  | "video_no_picture"
  | "video_picture_too_large"
  | "video_unreadable"
  | "video_timeout"
  | "video_converter_missing"
  | "video_aborted"
  | "videos_busy";

const KINDS: Record<VideoErrorCode, ErrorKind> = {
  video_unsupported_type: "bad_request",
  video_too_large: "bad_request",
  video_too_long: "bad_request",
  video_no_picture: "bad_request",
  video_picture_too_large: "bad_request",
  video_unreadable: "bad_request",
  video_timeout: "bad_request",
  video_converter_missing: "unavailable",
  video_aborted: "conflict",
  videos_busy: "rate_limited",
};

export class VideoPrepareError extends OnstageError {
  override readonly code: VideoErrorCode;

  /** `detail`: what ffmpeg or ffprobe printed, for the log; never shown to the host. */
  constructor(
    code: VideoErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(KINDS[code], code, message);
    this.code = code;
    this.name = "VideoPrepareError";
  }
}

export const cancelled = () => new VideoPrepareError("video_aborted", "Preparing the video was cancelled.");

/** "0.5 s", "45 s", "2 min", "30 min 05 s": a length as a host reads it. */
export function durationText(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${String(rest).padStart(2, "0")} s`;
}
