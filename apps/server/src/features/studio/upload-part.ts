import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";

// The studio's file uploads (slides, videos): one multipart part named `file`, read only after the
// service has checked who asks, and refused as too large past `maxBytes`.

export async function registerFileUploads(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, { limits: { files: 1, fileSize: maxBytes, fields: 0 } });
}

export interface UploadedFile {
  /** The name the browser gave ("" when the request had no `file` part). */
  fileName: string;
  /** The bytes, or null when the part was missing, unreadable or over the size limit. */
  read: () => Promise<Buffer | null>;
}

export async function uploadedFile(req: FastifyRequest): Promise<UploadedFile> {
  const file = await req.file().catch(() => undefined);
  return {
    fileName: file?.fieldname === "file" ? file.filename : "",
    read: async () => {
      const bytes = await file?.toBuffer().catch(() => null);
      return bytes && file && !file.file.truncated ? bytes : null;
    },
  };
}
