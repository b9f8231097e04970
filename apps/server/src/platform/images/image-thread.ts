import { Worker } from "node:worker_threads";

// Issue 23 §2.8: the image library (sharp, libvips) takes a few hundred milliseconds to load, up to a
// second on a busy machine, and a module loads on the thread that imports it. It lives in a worker
// thread, started on the first upload (libvips costs ~25 MB that a server nobody uploads to does not
// need), so every other request goes on being answered meanwhile.

/**
 * What an upload becomes: `cover` crops to exactly width x height (photos, covers, backgrounds);
 * `inside` fits within it keeping the shape, never enlarged (a logo); PNG keeps transparency.
 */
export interface ImageShape {
  width: number;
  height: number;
  fit: "cover" | "inside";
  format: "jpeg" | "png";
}

export interface ImageJob extends ImageShape {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
}

/** The re-encoded image, or null when the file is not an acceptable image. */
export interface ImageDone {
  id: number;
  image: Uint8Array | null;
}

export interface ImageThread {
  reencode(job: Omit<ImageJob, "id">): Promise<Buffer | null>;
}

export function imageThread(): ImageThread {
  const pending = new Map<
    number,
    { resolve: (image: Buffer | null) => void; reject: (err: Error) => void }
  >();
  let nextId = 1;
  let started: Worker | null = null;

  const thread = (): Worker => {
    if (started) return started;
    const worker = new Worker(new URL("./image-entry.mjs", import.meta.url));
    // Idle, it holds no process open (a test's, or a server's past its close).
    worker.unref();
    worker.on("message", ({ id, image }: ImageDone) => {
      pending.get(id)?.resolve(image && Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      pending.delete(id);
    });
    // A thread that died takes its jobs with it; the next upload starts a new one.
    const gone = (err: Error) => {
      if (started !== worker) return;
      started = null;
      for (const job of pending.values()) job.reject(err);
      pending.clear();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`the image thread exited with code ${code}`)));
    started = worker;
    return worker;
  };

  return {
    reencode(job) {
      const id = nextId++;
      const done = new Promise<Buffer | null>((resolve, reject) => pending.set(id, { resolve, reject }));
      thread().postMessage({ ...job, id } satisfies ImageJob);
      return done;
    },
  };
}
