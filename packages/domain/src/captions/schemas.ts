import { z } from "zod";
import { Id } from "../wire";

// Live captions (docs/decisions.md "Live captions"). A captioner posts lines the way Zoom's third-party
// closed-captioning API takes them: `POST {captionUrl}&seq=N&lang=en-US`, the line as a text/plain body.

/** The query of a captioner's post: the source's secret token (in the caption URL), then seq and lang. */
export const CaptionLineQuery = z
  .object({
    token: z.string().min(1).max(100),
    seq: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    lang: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, "lang is a language tag such as en-US")
      .default("en-US"),
  })
  .strict();
export type CaptionLineQuery = z.infer<typeof CaptionLineQuery>;

export const CaptionLineResponse = z.object({
  /** False for a repeated or older seq: the line was already taken (or superseded) and is ignored. */
  accepted: z.boolean(),
});
export type CaptionLineResponse = z.infer<typeof CaptionLineResponse>;

/** POST /api/captions/source (made on first call, the same after) and /api/captions/source/rotate. */
export const CaptionSourceRequest = z.object({ video_session_id: Id }).strict();

export const CaptionSource = z.object({
  /** Secret, like a stream key: the captioner appends `&seq=N&lang=xx` and posts each line to it. */
  captionUrl: z.string(),
});
export type CaptionSource = z.infer<typeof CaptionSource>;
