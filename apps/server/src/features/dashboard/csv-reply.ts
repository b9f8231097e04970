import type { FastifyReply } from "fastify";

/** A dashboard CSV download: a named attachment that no cache keeps. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; body: string }) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
