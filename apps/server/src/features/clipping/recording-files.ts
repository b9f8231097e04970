import { readFile } from "node:fs/promises";
import path from "node:path";
import { MEDIA_URL_PREFIX, streamDir, streamKeyPrefix } from "../../media/hls-paths";
import { FILES_URL_PREFIX, type FileStorage, isSafeKey } from "../../platform/storage/port";
import type { RecordingFiles } from "./recording-range";

// Issue 26 §1: where a stream's recording is read from, by the URL the stream keeps: the program feed's
// and the RTMP ingest's (/media/...) on this node's disk or, with S3_*, in the bucket the HLS mirror
// fills; LiveKit Egress's (/files/...) in the file storage.

export interface RecordingPlaces {
  storage: FileStorage;
  mediaDir: string;
  mediaSecret: string;
  /** S3_* set: the pipelines' files are mirrored to the bucket (deps.storage), read there. */
  isBucket: boolean;
}

const MEDIA_STREAM = /^sessions\/(\d+)\/streams\/(\d+)\/([a-z0-9_-]+\.m3u8)$/;

/** The files of the recording at `vodUrl`; null for a URL of no place this server writes. */
export function recordingFiles(places: RecordingPlaces, vodUrl: string): RecordingFiles | null {
  const { storage } = places;
  if (vodUrl.startsWith(FILES_URL_PREFIX)) {
    const key = vodUrl.slice(FILES_URL_PREFIX.length);
    if (!isSafeKey(key)) return null;
    const folder = path.posix.dirname(key);
    return { read: (file) => storage.get(`${folder}/${file}`), playlist: path.posix.basename(key) };
  }
  const media = MEDIA_STREAM.exec(
    vodUrl.startsWith(MEDIA_URL_PREFIX) ? vodUrl.slice(MEDIA_URL_PREFIX.length) : "",
  );
  if (!media) return null;
  const [, session, stream, playlist = ""] = media;
  const sessionId = Number(session);
  const streamId = Number(stream);
  if (places.isBucket) {
    const prefix = streamKeyPrefix(places.mediaSecret, sessionId, streamId);
    return { read: (file) => storage.get(`${prefix}/${file}`), playlist };
  }
  const dir = streamDir(places.mediaDir, sessionId, streamId);
  return {
    read: (file) => readFile(path.join(dir, file)).catch(() => null),
    playlist,
    localPath: (file) => path.join(dir, file),
  };
}
