import { errorMessage, type RealtimeError } from "@onstage/domain";

// The socket keeps the domain's refusal code "banned"; its words are the room's (removed_from_event).
const WORDS_OF: Record<string, string> = { banned: "removed_from_event" };

export type RealtimeErrorCode =
  | "no_token"
  | "forbidden"
  | "banned"
  | "not_found"
  | "invalid_topic"
  | "invalid_request"
  | "rate_limit_exceeded"
  | "flood"
  | "internal"
  | (string & {});

export function realtimeError(code: RealtimeErrorCode, retryAfterMs?: number): RealtimeError {
  return {
    code,
    message: errorMessage(WORDS_OF[code] ?? code),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}
