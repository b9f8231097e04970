import { parentPort } from "node:worker_threads";
import sharp from "sharp";
import type { ImageDone, ImageJob } from "./image-thread";

// The image thread (image-thread.ts): libvips loads here, so its second-long load on the first upload
// after a start never holds the server's event loop (issue 23 §2.8).

/** Broken or slow files stop here; a phone's largest default photo (24 MP) fits (images.ts). */
const IMAGE_DECODE_TIMEOUT_S = 10;

// The decodes run on libuv's thread pool (4 threads), which file access, DNS and password hashing share:
// one libvips thread per decode keeps a decode from taking every core (the main thread's slots allow
// two at a time). The cache would keep decoded uploads in memory for nothing.
sharp.concurrency(1);
sharp.cache(false);

const port = parentPort;
if (!port) throw new Error("image-worker.ts runs as a worker thread");

port.on("message", (job: ImageJob) => {
  const image = sharp(job.bytes, {
    limitInputPixels: job.maxPixels,
    // Broken or truncated pixel data is refused; libjpeg's warnings, common in camera files, are not.
    failOn: "error",
    sequentialRead: true,
    autoOrient: true,
  }).resize(job.width, job.height, { fit: job.fit, withoutEnlargement: job.fit === "inside" });
  (job.format === "png" ? image.png() : image.jpeg({ quality: 85 }))
    .timeout({ seconds: IMAGE_DECODE_TIMEOUT_S })
    .toBuffer()
    .catch(() => null)
    .then((bytes) => port.postMessage({ id: job.id, image: bytes } satisfies ImageDone));
});
