import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { BROTLI_PER_REQUEST_QUALITY, COMPRESS_MIN_BYTES } from "./compression";

type Encoding = "br" | "gzip";

// Same choice as @fastify/compress (compression.ts): brotli first, then gzip. No cache of the choices:
// a client may send a new Accept-Encoding on every request, and the negotiator's cache never shrinks.
const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"] });

/**
 * How hard a cached answer is compressed: harder when every visitor shares it (paid once per page and
 * change of the event, on the event loop: brotli 6 is within a few per cent of 9's size at a tenth of
 * its time on an event page), fast when it is one viewer's (paid once per viewer and change of the
 * page, as compression.ts pays it per request).
 */
type SharedBy = "everyone" | "one";
const LEVELS: Record<SharedBy, { brotli: number; gzip: number }> = {
  everyone: { brotli: 6, gzip: 9 },
  one: { brotli: BROTLI_PER_REQUEST_QUALITY, gzip: constants.Z_DEFAULT_COMPRESSION },
};

/**
 * An answer requests share (a cached page): each encoding is made once, the first time a client asks
 * for it, instead of compressing the same bytes on every request (issue 14 §4).
 */
class PreEncoded {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    readonly text: string,
    private readonly sharedBy: SharedBy,
  ) {}

  in(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      const levels = LEVELS[this.sharedBy];
      bytes =
        encoding === "br"
          ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: levels.brotli } })
          : gzipSync(this.text, { level: levels.gzip });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

const ofCached = new WeakMap<object, PreEncoded>();

/**
 * Sends `text`, a cached answer (`owner`: the cache's entry; its encodings are made with it and dropped
 * with it), in the encoding the client prefers (none: as it is); compression.ts leaves it alone. A
 * signed-in viewer's answer is theirs alone; a visitor's is everyone's.
 */
export function sendPreEncoded(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: { owner: object; text: string },
  type: string,
) {
  let body = ofCached.get(cached.owner);
  if (!body) {
    body = new PreEncoded(cached.text, req.viewerUserId === null ? "everyone" : "one");
    ofCached.set(cached.owner, body);
  }
  reply.type(type).header("vary", "accept-encoding");
  const accepted = req.headers["accept-encoding"];
  const encoding = accepted && body.text.length >= COMPRESS_MIN_BYTES ? negotiator.negotiate(accepted) : null;
  if (!encoding) return reply.send(body.text);
  return reply.header("content-encoding", encoding).send(body.in(encoding));
}
