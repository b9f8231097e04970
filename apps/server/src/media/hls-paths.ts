import { createHmac } from "node:crypto";
import path from "node:path";

// Where a stream's HLS files live on disk (and in the bucket), and the URLs they are served at. The
// database keeps the unsigned URL (/media/sessions/...); viewers get it with a token after /media/
// (playback-tokens.ts).

export const MEDIA_URL_PREFIX = "/media/";

const streamPath = (sessionId: number, streamId: number) => `sessions/${sessionId}/streams/${streamId}`;

export const streamDir = (mediaDir: string, sessionId: number, streamId: number) =>
  path.join(mediaDir, streamPath(sessionId, streamId));

export const unsignedUrl = (sessionId: number, streamId: number, file: string) =>
  `${MEDIA_URL_PREFIX}${streamPath(sessionId, streamId)}/${file}`;

export const signedUrl = (unsigned: string, token: string) =>
  unsigned.startsWith(MEDIA_URL_PREFIX)
    ? `${MEDIA_URL_PREFIX}${token}/${unsigned.slice(MEDIA_URL_PREFIX.length)}`
    : unsigned;

/** An RTMP session's greenroom preview (rtmp-ingest): the host watches the encoder before going live. */
const previewPath = (sessionId: number) => `sessions/${sessionId}/preview`;

export const previewDir = (mediaDir: string, sessionId: number) =>
  path.join(mediaDir, previewPath(sessionId));

export const previewUrl = (sessionId: number, file: string) =>
  `${MEDIA_URL_PREFIX}${previewPath(sessionId)}/${file}`;

/**
 * The stream's folder in object storage (the HLS mirror's prefix). The folder's name carries a MAC of
 * the secret, so behind a public CDN (S3_PUBLIC_URL) nobody can guess a segment's address: it is only
 * known from a playlist, which the app serves to token holders.
 */
export function streamKeyPrefix(secret: string, sessionId: number, streamId: number): string {
  const mac = createHmac("sha256", secret).update(`hls:${sessionId}:${streamId}`).digest("hex");
  return `media/${streamPath(sessionId, streamId)}-${mac.slice(0, 32)}`;
}
