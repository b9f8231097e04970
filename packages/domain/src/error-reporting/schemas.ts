import { z } from "zod";
import { CLIENT_ERROR_MESSAGE_MAX_CHARS, CLIENT_ERROR_STACK_MAX_CHARS } from "../room-constants";

// Issue 29 §4 (spec 1 §8 "error reporting"): what the web app reports of its own failures.

/** Where in the web app it failed. */
export const ClientErrorKind = z.enum(["error", "rejection", "render", "realtime", "player", "profiles"]);
export type ClientErrorKind = z.infer<typeof ClientErrorKind>;

/** POST /api/client-errors: one failure, scrubbed of personal data by the page before it is sent. */
export const ClientErrorReport = z
  .object({
    kind: ClientErrorKind,
    message: z.string().max(CLIENT_ERROR_MESSAGE_MAX_CHARS),
    /** A machine-readable code: hls.js's details, a topic's status. */
    code: z.string().max(100).optional(),
    stack: z.string().max(CLIENT_ERROR_STACK_MAX_CHARS).optional(),
    /** The page's path, without its query or hash. */
    path: z.string().max(500),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

/** GET /api/client-config: where the page reports (Sentry's browser SDK when the server has a DSN). */
export const ClientConfig = z.object({
  sentryDsn: z.string().nullable(),
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
