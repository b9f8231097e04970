import { readdirSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MirrorSettings } from "../../platform/storage/hls/mirror";
import { renditionFiles } from "./files";
import { resumePoint } from "./names";
import { LlHlsPackager } from "./packager";
import type { LlHlsState } from "./state";

// One rendition's LL-HLS across the ffmpeg runs that write its folder (the program feed's one, each rung
// of an RTMP ladder): a packager that goes on where an earlier one of the folder stopped (a media
// process that died), fed by each run's fMP4 pipe in turn. With S3_* set its files go to the bucket too.

export interface RenditionOptions {
  /** The stream's folder. */
  dir: string;
  /** "" for a rendition at the folder's root, else its subfolder (an RTMP ladder's rung). */
  variant: string;
  /** S3_*: each file is in the bucket (under the stream's prefix) before a state naming it is published. */
  mirror: MirrorSettings | null;
  publish: (state: LlHlsState) => void;
  failed: (err: unknown) => void;
}

export class LowLatencyRendition {
  private readonly packager: LlHlsPackager;
  /** The current run's pipe into the packager: settled when ffmpeg closed it. */
  private packing: Promise<void> = Promise.resolve();

  private readonly failed: (err: unknown) => void;

  constructor({ dir, variant, mirror, publish, failed }: RenditionOptions) {
    this.failed = failed;
    this.packager = new LlHlsPackager({
      files: renditionFiles(dir, mirror, variant),
      now: Date.now,
      ...resumePoint(folderNames(path.join(dir, variant))),
    });
    this.packager.onPublish(publish);
  }

  /** Before a run starts (the previous one stopped): its last fragments first, then a discontinuity. */
  async newRun(): Promise<void> {
    await this.packing;
    await this.packager.newRun();
  }

  /**
   * A run's fMP4. A failure (bytes the packager cannot read) ends LL-HLS for this run only; its HLS goes
   * on (the tee's onfail=ignore). A run stopped on purpose may cut its pipe short.
   */
  pack(output: Readable, isStopping: () => boolean): void {
    this.packing = pipeline(output, this.packager.writable()).catch((err: unknown) => {
      if (!isStopping()) this.failed(err);
    });
  }

  /** The stream ended (its last run stopped): the open segment completes and the playlist ends. */
  async end(): Promise<void> {
    await this.packing;
    await this.packager.end();
  }
}

function folderNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
