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
  /**
   * A URL that saves the file as `fileName` (a bucket's signed URL asking for that Content-Disposition);
   * null when the server sends the file itself (the local directory).
   */
  downloadUrl(key: string, fileName: string): Promise<string | null>;
}

/** A Content-Disposition saving the file as `fileName` (RFC 6266: an ASCII name, and the UTF-8 one). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // RFC 5987 leaves ' ( ) * out of a value: encodeURIComponent keeps them.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
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
