import { localFileStorage } from "./local";
import type { FileStorage } from "./port";
import { type S3StorageConfig, s3FileStorage } from "./s3";

/** The bucket when S3_* is configured (several nodes share it); else the local directory. */
export function chooseStorage(options: { filesDir: string; s3: S3StorageConfig | undefined }): FileStorage {
  return options.s3 ? s3FileStorage(options.s3) : localFileStorage(options.filesDir);
}
