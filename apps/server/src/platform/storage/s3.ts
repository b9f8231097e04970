import type { S3Client } from "@aws-sdk/client-s3";
import { onFirstUse } from "../first-use";
import { assertSafeKey, assertSafePrefix, attachment, FILES_URL_PREFIX, type FileStorage } from "./port";

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

type S3Sdk = typeof import("@aws-sdk/client-s3");

/**
 * The AWS SDK (some 35 MB of a process's memory) loads with the bucket's first call: a server without
 * S3_* never carries it, nor does the RTMP ingest process before its first mirrored stream (issue 14 §5).
 */
async function connect(config: S3StorageConfig): Promise<{ sdk: S3Sdk; client: S3Client }> {
  const sdk = await import("@aws-sdk/client-s3");
  const client = new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return { sdk, client };
}

export function s3FileStorage(config: S3StorageConfig): FileStorage {
  const connected = onFirstUse(() => connect(config));
  const Bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/$/, "");
  const sign = async (key: string, window: number) => {
    const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
      connected(),
      import("@aws-sdk/s3-request-presigner"),
    ]);
    return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket, Key: key }), {
      expiresIn: SIGNED_URL_SECONDS,
      signingDate: new Date(window),
    });
  };
  let signed = { window: 0, urls: new Map<string, Promise<string>>() };
  const signedUrl = (key: string) => {
    const window = Math.floor(Date.now() / SIGNING_WINDOW_MS) * SIGNING_WINDOW_MS;
    if (signed.window !== window) signed = { window, urls: new Map() };
    let url = signed.urls.get(key);
    if (!url) {
      url = sign(key, window);
      signed.urls.set(key, url);
      url.catch(() => signed.urls.delete(key));
    }
    return url;
  };
  return {
    async put(key, bytes, contentType, cacheControl) {
      assertSafeKey(key);
      const { sdk, client } = await connected();
      await client.send(
        new sdk.PutObjectCommand({
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
      const { sdk, client } = await connected();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { sdk, client } = await connected();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const { sdk, client } = await connected();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
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
    async downloadUrl(key, fileName) {
      assertSafeKey(key);
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        connected(),
        import("@aws-sdk/s3-request-presigner"),
      ]);
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachment(fileName),
      });
      return getSignedUrl(client, command, { expiresIn: SIGNED_URL_SECONDS });
    },
  };
}
