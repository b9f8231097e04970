import { writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, reencodeImage } from "../images/images";
import { SlideConversionError } from "./errors";
import type { SlideLimits } from "./limits";
import { pageName, pngSizeOf, type SlidePage } from "./pdf";

// A PNG or JPEG slide is one page: the image thread (platform/images) checks its pixel count from the
// header before decoding, and re-encodes it as a PNG that fits the render box, never enlarged.

export async function imageToPage(bytes: Buffer, outDir: string, limits: SlideLimits): Promise<SlidePage> {
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new SlideConversionError(
      "slide_too_large",
      `An image slide may be at most ${IMAGE_MAX_BYTES / 1e6} MB; this one is ${Math.ceil(bytes.length / 1e6)} MB.`,
    );
  }
  const box = { width: limits.renderBoxPx, height: limits.renderBoxPx };
  const png = await reencodeImage(bytes, box, { fit: "inside", format: "png" });
  if (!png) {
    throw new SlideConversionError(
      "slide_unreadable",
      `The image could not be read: a slide image must be a PNG or JPEG of at most ${IMAGE_MAX_PIXELS / 1e6} megapixels.`,
    );
  }
  const target = path.join(outDir, pageName(1));
  await writeFile(target, png);
  return { path: target, ...pngSizeOf(png) };
}
