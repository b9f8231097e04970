import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COMPRESS_MIN_BYTES } from "./compression";

type Encoding = "br" | "gzip";

// Same choice as @fastify/compress (compression.ts): brotli first, then gzip; a few header shapes cover
// every browser, so the choices are kept.
const negotiator = new Negotiator<Encoding>({ supportedValues: ["br", "gzip"], cache: new Map() });

/**
 * An answer many requests share (a cached visitor's page): each encoding is made once, the first time a
 * client asks for it, instead of compressing the same bytes on every request (issue 14 §4). Brotli at
 * the quality the build uses, since the cost is paid once.
 */
export class PreEncoded {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly text: string) {}

  in(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(this.text, { level: 9 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

const ofCached = new WeakMap<object, PreEncoded>();

/** The encodings of a cached answer, made with it and dropped with it (`owner`: the cache's entry). */
export function preEncodedFor(owner: object, text: string): PreEncoded {
  let encoded = ofCached.get(owner);
  if (!encoded) {
    encoded = new PreEncoded(text);
    ofCached.set(owner, encoded);
  }
  return encoded;
}

/** Sends `body` in the encoding the client prefers (none: as it is); compression.ts leaves it alone. */
export function sendPreEncoded(req: FastifyRequest, reply: FastifyReply, body: PreEncoded, type: string) {
  reply.type(type).header("vary", "accept-encoding");
  const accepted = req.headers["accept-encoding"];
  const encoding = accepted && body.text.length >= COMPRESS_MIN_BYTES ? negotiator.negotiate(accepted) : null;
  if (!encoding) return reply.send(body.text);
  return reply.header("content-encoding", encoding).send(body.in(encoding));
}
