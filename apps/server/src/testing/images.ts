import sharp from "sharp";

// Images for the upload suites and bench:images: ordinary pictures, and the three decompression bombs of
// issue 10 §1.3, each small in bytes and costly to decode.

/** A multipart body with one file part. */
export function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = "----onstage-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } });

export const pngOf = (width: number, height: number) => blank(width, height).png().toBuffer();

export async function imageSize(
  bytes: Buffer,
): Promise<{ format?: string; width?: number; height?: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

/** The offset of the first segment with `marker` in a JPEG (segments follow the 2-byte SOI). */
function jpegSegmentAt(bytes: Buffer, marker: number): number {
  let offset = 2;
  while (bytes[offset + 1] !== marker) offset += 2 + bytes.readUInt16BE(offset + 2);
  return offset;
}

/**
 * A valid 1×1 baseline JPEG with a second frame header (SOF0) of 8000×8000 after the first: a check of
 * the first header sees one pixel, a decoder that takes the last header decodes 64 megapixels.
 */
export async function decoyFrameJpeg(): Promise<Buffer> {
  const tiny = await blank(1, 1).jpeg().toBuffer();
  const start = jpegSegmentAt(tiny, 0xc0);
  const end = start + 2 + tiny.readUInt16BE(start + 2);
  const decoy = Buffer.from(tiny.subarray(start, end));
  decoy.writeUInt16BE(8000, 5); // height
  decoy.writeUInt16BE(8000, 7); // width
  return Buffer.concat([tiny.subarray(0, end), decoy, tiny.subarray(end)]);
}

/** An interlaced (Adam7) PNG, which a decoder must hold whole in memory: 6000×6000 in about 0.5 MB. */
export const interlacedPng = (side = 6000) => blank(side, side).png({ progressive: true }).toBuffer();

/** 6300×6300 one-channel white, compressed to about 50 KB. */
export const compressedBlankPng = () =>
  sharp({ create: { width: 6300, height: 6300, channels: 3, background: "#ffffff" } })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
