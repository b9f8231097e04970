import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../platform/storage/s3";
import { freePort } from "./free-port";

/** s3rver's built-in account: it knows this key pair only. */
const ACCESS_KEY = "S3RVER";

/** A real S3-compatible server (s3rver) on a free loopback port, storing into a temporary directory. */
export async function startS3Server(): Promise<{ config: S3StorageConfig; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "onstage-s3-"));
  const port = await freePort();
  const bucket = "onstage-files";
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      publicUrl: undefined,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
