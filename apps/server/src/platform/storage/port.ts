/**
 * Where uploaded and generated files live: a local directory by default, an S3-compatible bucket when
 * scaled out (issue 13 §4). Keys are chosen by the server, never by a client: lower-case path segments
 * and one extension, so a key can name neither a parent directory nor another bucket's object.
 */
export interface FileStorage {
  /**
   * Stores the bytes and returns the URL to keep (in the database): it stays valid while the file exists.
   * `cacheControl` travels with a bucket's object to the CDN in front of it (HLS: playlists vs segments).
   */
  put(key: string, bytes: Buffer, contentType: string, cacheControl?: string): Promise<string>;
  /** The bytes, or null when no file has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every key starting with the prefix, in key order. */
  list(prefix: string): Promise<string[]>;
  /**
   * A URL a browser can fetch right now: signed and short-lived when the bucket is private (the same URL
   * for a key for a few minutes, so browsers and caches can reuse it).
   */
  url(key: string): Promise<string>;
}

/** The server's own path for stored files: the local directory, or a redirect to a signed bucket URL. */
export const FILES_URL_PREFIX = "/files/";

const SAFE_KEY = /^[a-z0-9/_-]+\.[a-z0-9]+$/;
const SAFE_PREFIX = /^[a-z0-9/_-]*$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..") && !key.startsWith("/") && !key.includes("//");
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
}

export function assertSafePrefix(prefix: string): void {
  if (!SAFE_PREFIX.test(prefix) || prefix.startsWith("/") || prefix.includes("//"))
    throw new Error(`unsafe storage prefix ${prefix}`);
}
