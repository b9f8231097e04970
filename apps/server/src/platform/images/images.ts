import { Jimp } from "jimp";

export const IMAGE_MAX_BYTES = 10_000_000;
/** Decoding a huge image costs memory in proportion to its pixels, so the header is checked first. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type ImageType = "png" | "jpeg";

/** The type by content (magic bytes), never by the name or the declared type. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  return null;
}

/** Width and height from the file header, without decoding the pixels. */
export function imageDimensions(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  if (type === "png") {
    return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null;
  }
  // JPEG: walk the segments to the first start-of-frame marker (SOF0..SOF15, except DHT, JPG, DAC).
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * Checks an uploaded image (size, type by content, pixel count before decoding) and re-encodes it as a
 * JPEG cropped to `size`, so nothing of the original file (metadata, polyglot payloads) is served.
 * Returns null when the upload is not an acceptable image.
 */
export async function reencodeImage(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<Buffer | null> {
  if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES) return null;
  const type = sniffImageType(bytes);
  const dims = type ? imageDimensions(bytes, type) : null;
  if (!dims || dims.width === 0 || dims.height === 0 || dims.width * dims.height > IMAGE_MAX_PIXELS)
    return null;
  try {
    const image = await Jimp.read(bytes);
    image.cover({ w: size.width, h: size.height });
    return await image.getBuffer("image/jpeg", { quality: 85 });
  } catch {
    return null;
  }
}
