import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this, a compressed answer saves less than its headers and the CPU it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli's quality for answers compressed per request: most of quality 11's gain at a fraction of its CPU. */
export const BROTLI_PER_REQUEST_QUALITY = 4;

/**
 * Compresses the answers made per request (HTML pages, JSON) for clients that accept it: brotli at a
 * fast quality, else gzip. The web build's
 * files come compressed from the build (share-preview/routes.ts); video, images and event streams are
 * left alone by type. Registered before every route: it hooks the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_PER_REQUEST_QUALITY } },
    // No client of ours compresses request bodies; inflating them would only open a zip-bomb door.
    globalDecompression: false,
  });
}
