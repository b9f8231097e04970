import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this, a compressed answer saves less than its headers and the CPU it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses the answers made per request (HTML pages, JSON) for clients that accept it: brotli at a
 * fast quality (4: most of quality 11's gain at a fraction of its CPU), else gzip. The web build's
 * files come compressed from the build (share-preview/routes.ts); video, images and event streams are
 * left alone by type. Registered before every route: it hooks the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // No client of ours compresses request bodies; inflating them would only open a zip-bomb door.
    globalDecompression: false,
  });
}
