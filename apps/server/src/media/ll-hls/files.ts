import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";
import { contentTypeOf, SEGMENT_CACHE_CONTROL } from "../../platform/storage/hls/playlist";
import type { FileStorage } from "../../platform/storage/port";
import { s3FileStorage } from "../../platform/storage/s3";
import type { MediaFiles } from "./packager";

/** The stream's folder; a file appears whole (written aside, then renamed), never half-written to a reader. */
export function folderFiles(dir: string): MediaFiles {
  return {
    async write(name, bytes) {
      const aside = path.join(dir, `.${name}.tmp`);
      await writeFile(aside, bytes);
      await rename(aside, path.join(dir, name));
    },
    remove: (name) => rm(path.join(dir, name), { force: true }),
  };
}

/**
 * The folder, and with S3_* set the same names in the bucket under `prefix`: the packager publishes a
 * part only once its write is done, so every node finds it in the bucket when a playlist names it.
 */
function bucketedFiles(local: MediaFiles, bucket: FileStorage, prefix: string): MediaFiles {
  return {
    async write(name, bytes) {
      await local.write(name, bytes);
      await bucket.put(`${prefix}/${name}`, bytes, contentTypeOf(name), SEGMENT_CACHE_CONTROL);
    },
    async remove(name) {
      await local.remove(name);
      await bucket.delete(`${prefix}/${name}`);
    },
  };
}

/** A rendition's files: in its folder, `variant` under the stream's (an RTMP ladder's rung; "" at the root). */
export function renditionFiles(
  streamDir: string,
  mirror: MirrorSettings | null,
  variant: string,
): MediaFiles {
  const local = folderFiles(path.join(streamDir, variant));
  if (!mirror) return local;
  return bucketedFiles(
    local,
    s3FileStorage(mirror.s3),
    variant ? `${mirror.prefix}/${variant}` : mirror.prefix,
  );
}
