import { createHmac, timingSafeEqual } from "node:crypto";

// Signed media URLs (spec 2 §4): the token sits in the path and depends only on the stream it opens and
// a time window, so every viewer of a stream gets the same URL for ten minutes and a CDN can cache it.
// It names the stream (issue 23 §2.3): stream ids are sequential, and a token for one stream of a session
// must not open another (a reset's deleted recording, say).

const WINDOW_MS = 10 * 60_000;
/** A URL handed out at the end of its window still works for a while (a player fetches it later). */
const GRACE_MS = 10 * 60_000;
const TOKEN = /^(\d{10,13})\.([A-Za-z0-9_-]{43})$/;

/** What a token opens: one stream of a session, or (null) an RTMP session's greenroom preview. */
export interface MediaScope {
  sessionId: number;
  streamId: number | null;
}

const mac = (secret: string, scope: MediaScope, expiresAtSeconds: number) =>
  createHmac("sha256", secret)
    .update(`media:${scope.sessionId}:${scope.streamId ?? "preview"}:${expiresAtSeconds}`)
    .digest("base64url");

/** The token for `scope` in the window `now` falls in, and when it stops being accepted. */
export function mediaToken(secret: string, scope: MediaScope, now: Date): { token: string; expiresAt: Date } {
  const windowEnd = Math.ceil((now.getTime() + 1) / WINDOW_MS) * WINDOW_MS;
  const expiresAtSeconds = (windowEnd + GRACE_MS) / 1000;
  return {
    token: `${expiresAtSeconds}.${mac(secret, scope, expiresAtSeconds)}`,
    expiresAt: new Date(expiresAtSeconds * 1000),
  };
}

/** Whether `token` was signed for `scope` and has not expired at `now`. */
export function mediaTokenValid(secret: string, token: string, scope: MediaScope, now: Date): boolean {
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const expiresAtSeconds = Number(match[1]);
  if (expiresAtSeconds * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(secret, scope, expiresAtSeconds));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The RTMP greenroom preview's URLs are signed with this instead: a viewer's token does not open them. */
export const previewSecret = (secret: string) =>
  createHmac("sha256", secret).update("rtmp-preview").digest("base64url");
