import type Sharp from "sharp";
import { onFirstUse } from "../first-use";
import { type DecodeSlots, decodeSlots } from "./decode-slots";

export const IMAGE_MAX_BYTES = 10_000_000;
/**
 * 25 megapixels: a phone's largest default photo (24 MP, 5712×4284) fits. Decoding costs time and memory
 * in proportion to the pixels, so the decoder refuses anything larger from the frame header it decodes.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** A backstop for files that stay under the pixel limit but are slow to decode (e.g. many JPEG scans). */
const IMAGE_DECODE_TIMEOUT_S = 10;

// The decodes run on libuv's thread pool (4 threads), which file access, DNS and password hashing share:
// two decodes at a time leave it room, and one libvips thread each keeps a decode from taking every core.
// The cache would keep decoded uploads in memory for nothing. Loaded on the first upload: libvips
// costs ~25 MB of memory that a server nobody uploads to does not need.
const loadSharp = onFirstUse(() =>
  import("sharp").then(({ default: sharp }: { default: typeof Sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }),
);
const slots: DecodeSlots = decodeSlots({ running: 2, waiting: 8 });

export type ImageType = "png" | "jpeg";

/** The type by content (magic bytes), never by the name or the declared type. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

/**
 * Checks an uploaded image (size, type by content, pixel count while decoding) and re-encodes it as a
 * JPEG cropped to `size`, so nothing of the original file (metadata, polyglot payloads) is served.
 * Returns null when the upload is not an acceptable image; throws `images_busy` (429) when too many
 * uploads are waiting for a decode.
 */
export async function reencodeImage(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<Buffer | null> {
  if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES || !sniffImageType(bytes)) return null;
  const sharp = await loadSharp();
  return slots.run(() =>
    sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      // Broken or truncated pixel data is refused; libjpeg's warnings, common in camera files, are not.
      failOn: "error",
      sequentialRead: true,
      autoOrient: true,
    })
      .resize(size.width, size.height, { fit: "cover" })
      .jpeg({ quality: 85 })
      .timeout({ seconds: IMAGE_DECODE_TIMEOUT_S })
      .toBuffer()
      .catch(() => null),
  );
}
