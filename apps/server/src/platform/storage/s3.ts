import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertSafeKey, assertSafePrefix, FILES_URL_PREFIX, type FileStorage } from "./port";

export interface S3StorageConfig {
  /** The S3-compatible API (AWS, MinIO, R2, ...); addressed path-style: {endpoint}/{bucket}/{key}. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A public base for the bucket (a CDN or a public-read bucket); unset: browsers get signed URLs. */
  publicUrl: string | undefined;
}

/** Where browsers fetch the bucket's files from (the CSP allows it): the CDN, else the endpoint. */
export const bucketOrigin = (config: S3StorageConfig) => new URL(config.publicUrl ?? config.endpoint).origin;

/** How long a signed URL works: enough to load a page's images, short enough not to be shared for good. */
export const SIGNED_URL_SECONDS = 15 * 60;
/**
 * Signed URLs are signed as of the start of their 5-minute window: one URL per key and window (HLS
 * playlists list the same segments to every viewer; a browser's cache keeps working), and each still
 * has at least 10 minutes to live when handed out.
 */
const SIGNING_WINDOW_MS = 5 * 60_000;

export function s3FileStorage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/$/, "");
  let signed = { window: 0, urls: new Map<string, Promise<string>>() };
  const signedUrl = (key: string) => {
    const window = Math.floor(Date.now() / SIGNING_WINDOW_MS) * SIGNING_WINDOW_MS;
    if (signed.window !== window) signed = { window, urls: new Map() };
    let url = signed.urls.get(key);
    if (!url) {
      url = getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: SIGNED_URL_SECONDS,
        signingDate: new Date(window),
      });
      signed.urls.set(key, url);
      url.catch(() => signed.urls.delete(key));
    }
    return url;
  };
  return {
    async put(key, bytes, contentType, cacheControl) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: cacheControl,
        }),
      );
      // A signed URL would expire in the database: keep the server's path, which redirects to a fresh one.
      return publicBase ? `${publicBase}/${key}` : `${FILES_URL_PREFIX}${key}`;
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async url(key) {
      assertSafeKey(key);
      return publicBase ? `${publicBase}/${key}` : signedUrl(key);
    },
  };
}
