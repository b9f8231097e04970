import { type DecodeSlots, decodeSlots } from "./decode-slots";
import { type ImageShape, imageThread } from "./image-thread";

export const IMAGE_MAX_BYTES = 10_000_000;
/**
 * 25 megapixels: a phone's largest default photo (24 MP, 5712×4284) fits. Decoding costs time and memory
 * in proportion to the pixels, so the decoder refuses anything larger from the frame header it decodes.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;

// Two decodes at a time: they share libuv's thread pool (4 threads) with file access, DNS and password
// hashing (image-worker.ts).
const slots: DecodeSlots = decodeSlots({ running: 2, waiting: 8 });
const thread = imageThread();

export type ImageType = "png" | "jpeg";

/** The type by content (magic bytes), never by the name or the declared type. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

export type { ImageShape };

/**
 * Checks an uploaded image (size, type by content, pixel count while decoding) and re-encodes it to
 * `shape` (a JPEG cropped to the size unless told otherwise), so nothing of the original file
 * (metadata, polyglot payloads) is served. Returns null when the upload is not an acceptable image;
 * throws `images_busy` (429) when too many uploads are waiting for a decode.
 */
export async function reencodeImage(
  bytes: Buffer,
  size: { width: number; height: number },
  output: Pick<ImageShape, "fit" | "format"> = { fit: "cover", format: "jpeg" },
): Promise<Buffer | null> {
  if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES || !sniffImageType(bytes)) return null;
  return slots.run(() => thread.reencode({ bytes, ...size, ...output, maxPixels: IMAGE_MAX_PIXELS }));
}
