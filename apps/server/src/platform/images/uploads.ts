import { randomBytes } from "node:crypto";
import multipart from "@fastify/multipart";
import { BadRequest } from "@onstage/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FileStorage } from "../storage/port";
import { IMAGE_MAX_BYTES, type ImageShape, reencodeImage } from "./images";

// Issue 5 §7 cover-photo and avatar uploads: size and pixel limits checked before decoding, type by
// content, re-encoded, stored under a server-generated name.

/**
 * Reads the uploaded bytes (null when the request carried no usable `image` part). A function, so the
 * service reads the body only after the permission check.
 */
export type ImageUpload = () => Promise<Buffer | null>;

/** Multipart parsing for the routes registered inside `register` only: one file, no other fields. */
export async function registerImageUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 0 } });
}

/** Reads the `image` file part; a missing, truncated (over the size limit) or unreadable part gives null. */
export async function readImagePart(req: FastifyRequest): Promise<Buffer | null> {
  const file = await req.file().catch(() => undefined);
  if (file?.fieldname !== "image") return null;
  const bytes = await file.toBuffer().catch(() => null);
  return bytes && !file.file.truncated ? bytes : null;
}

/** Spec 3 §7: channel images live under 'organization/{org}/assets'. */
export async function storeImage(
  storage: FileStorage,
  organizationId: number,
  upload: ImageUpload,
  size: { width: number; height: number },
  output: Pick<ImageShape, "fit" | "format"> = { fit: "cover", format: "jpeg" },
): Promise<string> {
  const bytes = await upload();
  const image = bytes ? await reencodeImage(bytes, size, output) : null;
  if (!image) throw BadRequest("invalid_image");
  const extension = output.format === "png" ? "png" : "jpg";
  return storage.put(
    `organization/${organizationId}/assets/${randomBytes(16).toString("hex")}.${extension}`,
    image,
    `image/${output.format}`,
  );
}
