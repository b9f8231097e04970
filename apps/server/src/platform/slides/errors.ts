import { type ErrorKind, OnstageError } from "@onstage/domain";

// Issue 25 §1: a refused or failed deck ends with a stable code and a sentence a host can act on. The
// message names the file's own figures (its pages, its size), so it is built here, not in the catalogue.

export type SlideErrorCode =
  | "slide_unsupported_type"
  | "slide_too_large"
  | "slide_too_many_pages"
  | "slide_page_too_large"
  | "slide_archive_too_large"
  | "slide_unreadable"
  | "slide_timeout"
  | "slide_converter_missing"
  | "slide_aborted"
  | "slides_busy";

const KINDS: Record<SlideErrorCode, ErrorKind> = {
  slide_unsupported_type: "bad_request",
  slide_too_large: "bad_request",
  slide_too_many_pages: "bad_request",
  slide_page_too_large: "bad_request",
  slide_archive_too_large: "bad_request",
  slide_unreadable: "bad_request",
  slide_timeout: "bad_request",
  slide_converter_missing: "unavailable",
  slide_aborted: "conflict",
  slides_busy: "rate_limited",
};

export class SlideConversionError extends OnstageError {
  override readonly code: SlideErrorCode;

  /** `detail`: what the converter printed, for the log; never shown to the host. */
  constructor(
    code: SlideErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(KINDS[code], code, message);
    this.code = code;
    this.name = "SlideConversionError";
  }
}

/** A converter that ran past its time limit, in the host's words. */
export const timedOut = (message: string) => new SlideConversionError("slide_timeout", message);
