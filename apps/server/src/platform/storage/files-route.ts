import { mkdir } from "node:fs/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { FILES_URL_PREFIX, type FileStorage, isSafeKey } from "./port";

/**
 * /files/{key}: the local directory served as is; with a private bucket, a redirect to a fresh signed
 * URL, so URLs kept in the database (put's answer) keep working after any signature expires.
 */
export async function registerFilesRoute(
  server: FastifyInstance,
  served: { filesDir: string } | { bucket: FileStorage },
): Promise<void> {
  if ("filesDir" in served) {
    await mkdir(served.filesDir, { recursive: true });
    await server.register(fastifyStatic, {
      root: served.filesDir,
      prefix: FILES_URL_PREFIX,
      decorateReply: false,
      maxAge: "1d",
    });
    return;
  }
  const { bucket } = served;
  server.get<{ Params: { "*": string } }>(
    `${FILES_URL_PREFIX}*`,
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.params["*"];
      if (!isSafeKey(key)) return reply.code(404).send();
      // Not cached for longer than the signature lives.
      return reply.header("cache-control", "private, max-age=300").redirect(await bucket.url(key), 302);
    },
  );
}
