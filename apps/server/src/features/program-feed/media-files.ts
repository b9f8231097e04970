import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { streamDir, streamKeyPrefix } from "../../media/hls-paths";
import { isPlaylist, isRelative, rewriteUris } from "../../platform/storage/hls/playlist";
import type { FileStorage } from "../../platform/storage/port";

// What the media route answers for a token holder's file: from this node's media directory (the
// embedded default), or, with S3_* set, from the bucket the HLS mirror fills (any node, after a restart).

export type MediaFile =
  | { kind: "playlist"; body: string; ended: boolean; lastModified: Date | null }
  | { kind: "segment"; body: Buffer }
  /** The segment is fetched from the bucket (or the CDN in front of it). */
  | { kind: "redirect"; url: string };

export interface MediaFiles {
  read(sessionId: number, streamId: number, file: string): Promise<MediaFile | null>;
  /**
   * A reset deleted the stream (issue 23 §2.3): its files go, from this node's disk and the bucket, and
   * this node serves none of them again (not from its caches, nor what a pipeline still wrote after).
   */
  remove(sessionId: number, streamId: number): Promise<void>;
}

/** The streams a reset deleted since this node started: a few numbers, kept for the process's life. */
function removedStreams() {
  const removed = new Set<number>();
  return {
    add: (streamId: number) => removed.add(streamId),
    has: (streamId: number) => removed.has(streamId),
  };
}

const ENDLIST = "#EXT-X-ENDLIST";

/**
 * Every viewer of a live stream fetches the same new segment within the same second, and a segment
 * never changes once written: the newest ones are kept in memory (~330 KB each at 720p), read from
 * disk once instead of once per viewer (bench:hls). An LL-HLS part is asked for by every held viewer
 * at the same moment: the first read is shared by the requests that come while it runs.
 */
const KEPT_SEGMENTS = 32;

async function localPlaylist(location: string): Promise<MediaFile | null> {
  const body = await readFile(location).catch(() => null);
  if (!body) return null;
  const text = body.toString("utf8");
  const { mtime } = await stat(location);
  return { kind: "playlist", body: text, ended: text.includes(ENDLIST), lastModified: mtime };
}

/** An RTMP session's greenroom preview, on the ingest's node: one host watches it, nothing is kept. */
export async function localPreviewFile(dir: string, file: string): Promise<MediaFile | null> {
  const location = path.join(dir, file);
  if (isPlaylist(file)) return localPlaylist(location);
  const body = await readFile(location).catch(() => null);
  return body && { kind: "segment", body };
}

/**
 * Every viewer polls the live playlist once a segment (1 s): one read of it serves every poll of the
 * next quarter second (bench:hls), a delay of at most that before a viewer sees a new segment.
 */
const LOCAL_PLAYLIST_CACHE_MS = 250;

export function localMediaFiles(mediaDir: string): MediaFiles {
  const segments = new Map<string, Promise<Buffer | null>>();
  const segment = (location: string) => {
    const kept = segments.get(location);
    if (kept) return kept;
    const reading = readFile(location).catch(() => null);
    segments.set(location, reading);
    // A file not there (yet) is not remembered as missing.
    void reading.then((body) => body ?? segments.delete(location));
    for (const oldest of segments.keys()) {
      if (segments.size <= KEPT_SEGMENTS) break;
      segments.delete(oldest);
    }
    return reading;
  };
  const playlists = new Map<string, { until: number; file: Promise<MediaFile | null> }>();
  const playlist = (location: string) => {
    const now = Date.now();
    const cached = playlists.get(location);
    if (cached && cached.until > now) return cached.file;
    for (const [old, entry] of playlists) if (entry.until <= now) playlists.delete(old);
    const file = localPlaylist(location);
    playlists.set(location, { until: now + LOCAL_PLAYLIST_CACHE_MS, file });
    return file;
  };
  const removed = removedStreams();
  return {
    async read(sessionId, streamId, file) {
      if (removed.has(streamId)) return null;
      const location = path.join(streamDir(mediaDir, sessionId, streamId), file);
      if (isPlaylist(file)) return playlist(location);
      const body = await segment(location);
      return body && { kind: "segment", body };
    },
    async remove(sessionId, streamId) {
      removed.add(streamId);
      const dir = streamDir(mediaDir, sessionId, streamId);
      for (const kept of [...segments.keys(), ...playlists.keys()]) {
        if (kept.startsWith(`${dir}${path.sep}`)) {
          segments.delete(kept);
          playlists.delete(kept);
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A live playlist changes every second: every node reads it from the bucket at most this often. */
const PLAYLIST_CACHE_MS = 500;

/**
 * Playlists come from the bucket through the app (the token is checked here), their segment lines
 * pointing at the bucket itself: the CDN's URL (S3_PUBLIC_URL), or a signed URL while the playlist is
 * live (reloaded every second, so never stale). An ended playlist is loaded once and may play for
 * hours, longer than a signature lives: on a private bucket its segments stay relative, and this route
 * redirects each fetch to a freshly signed URL (the player's token refresh keeps working).
 */
export function bucketMediaFiles(options: {
  bucket: FileStorage;
  mediaSecret: string;
  isPublic: boolean;
  /** The pipelines write here first (the mirror's source): a removed stream goes from here too. */
  mediaDir: string;
}): MediaFiles {
  const { bucket, mediaSecret, isPublic, mediaDir } = options;
  const removed = removedStreams();
  const cache = new Map<string, { until: number; file: Promise<MediaFile | null> }>();

  const playlist = async (prefix: string, file: string): Promise<MediaFile | null> => {
    const bytes = await bucket.get(`${prefix}/${file}`);
    if (!bytes) return null;
    const text = bytes.toString("utf8");
    const ended = text.includes(ENDLIST);
    if (ended && !isPublic) return { kind: "playlist", body: text, ended, lastModified: null };
    const folder = path.posix.dirname(file);
    const body = await rewriteUris(text, async (uri) =>
      isRelative(uri) && !isPlaylist(uri)
        ? bucket.url(`${prefix}/${path.posix.normalize(folder === "." ? uri : `${folder}/${uri}`)}`)
        : null,
    );
    return { kind: "playlist", body, ended, lastModified: null };
  };

  return {
    async read(sessionId, streamId, file) {
      if (removed.has(streamId)) return null;
      const prefix = streamKeyPrefix(mediaSecret, sessionId, streamId);
      if (!isPlaylist(file)) return { kind: "redirect", url: await bucket.url(`${prefix}/${file}`) };
      const key = `${prefix}/${file}`;
      const now = Date.now();
      const cached = cache.get(key);
      if (cached && cached.until > now) return cached.file;
      for (const [old, entry] of cache) if (entry.until <= now) cache.delete(old);
      const read = playlist(prefix, file);
      cache.set(key, { until: now + PLAYLIST_CACHE_MS, file: read });
      read.catch(() => cache.delete(key));
      return read;
    },
    async remove(sessionId, streamId) {
      removed.add(streamId);
      const prefix = streamKeyPrefix(mediaSecret, sessionId, streamId);
      for (const key of cache.keys()) if (key.startsWith(`${prefix}/`)) cache.delete(key);
      await rm(streamDir(mediaDir, sessionId, streamId), { recursive: true, force: true });
      // Other nodes' caches keep a playlist PLAYLIST_CACHE_MS at most; then the bucket answers 404.
      for (const key of await bucket.list(`${prefix}/`)) await bucket.delete(key);
    },
  };
}
