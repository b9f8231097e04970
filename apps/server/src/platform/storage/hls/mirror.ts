import { existsSync, type FSWatcher, mkdirSync, watch } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type FileStorage, isSafeKey } from "../port";
import { type S3StorageConfig, s3FileStorage } from "../s3";
import {
  contentTypeOf,
  isPlaylist,
  isRelative,
  LIVE_PLAYLIST_CACHE_CONTROL,
  referencedUris,
  SEGMENT_CACHE_CONTROL,
} from "./playlist";

// Issue 13 §4: an HLS writer's output directory copied to object storage as it is written, so any
// node or a CDN serves it. Generic over what the writer makes (one playlist, or a master playlist with
// variant folders): a playlist's segments reach the bucket before the playlist that lists them, a
// segment deleted from the directory is deleted from the bucket, and nothing else is ever removed
// (a recording stays). Driven by inotify, like the pipeline: nothing runs between writes.

export interface HlsMirrorLog {
  error(context: Record<string, unknown>, message: string): void;
}

export interface HlsMirrorOptions {
  dir: string;
  storage: FileStorage;
  /** The key of the directory itself: `{prefix}/{relative path}` for every file. */
  prefix: string;
  log: HlsMirrorLog;
}

export class HlsMirror {
  /** Files in the bucket that a deletion in the directory must follow (relative, "/"-separated). */
  private readonly uploaded = new Set<string>();
  /** Work queued and not started: a burst of events for one playlist syncs it once. */
  private readonly due = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly watchers = new Map<string, FSWatcher>();
  private closed = false;

  constructor(private readonly options: HlsMirrorOptions) {}

  /** Follows the directory (created if need be); what a previous run uploaded is known from the bucket. */
  start(): void {
    mkdirSync(this.options.dir, { recursive: true });
    this.enqueue("list", async () => {
      const prefix = `${this.options.prefix}/`;
      for (const key of await this.options.storage.list(prefix)) this.uploaded.add(key.slice(prefix.length));
    });
    this.watchFolder("");
  }

  /** Every playlist in the directory is in the bucket as it is now (before telling viewers to play). */
  syncAll(): Promise<void> {
    this.enqueue("all", async () => {
      for (const name of await this.playlists("")) await this.syncPlaylist(name, true);
    });
    return this.queue;
  }

  /** The writer finished: the last playlists are uploaded and the directory is no longer followed. */
  async close(): Promise<void> {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    await this.syncAll();
  }

  private keyOf(name: string): string {
    return `${this.options.prefix}/${name}`;
  }

  private fileOf(name: string): string {
    return path.join(this.options.dir, ...name.split("/"));
  }

  /** Variant playlists live in subfolders (an RTMP ladder): each folder gets its own watcher. */
  private watchFolder(folder: string): void {
    if (this.closed || this.watchers.has(folder)) return;
    const watcher = watch(this.fileOf(folder), (type, file) => {
      if (file) this.changed(type, folder ? `${folder}/${file}` : file);
    });
    watcher.on("error", (err) => this.options.log.error({ err, folder }, "hls mirror: watching failed"));
    this.watchers.set(folder, watcher);
    void readdir(this.fileOf(folder), { withFileTypes: true }).then(
      (entries) => {
        for (const entry of entries)
          if (entry.isDirectory()) this.watchFolder(this.child(folder, entry.name));
      },
      () => undefined,
    );
  }

  private child(folder: string, name: string): string {
    return folder ? `${folder}/${name}` : name;
  }

  private changed(type: string, name: string): void {
    if (isPlaylist(name)) {
      // ffmpeg renames a finished playlist into place; the temporary file's name is not a safe key.
      if (isSafeKey(this.keyOf(name))) this.enqueue(name, () => this.syncPlaylist(name, true));
      return;
    }
    if (type !== "rename") return;
    if (this.uploaded.has(name) || !existsSync(this.fileOf(name))) {
      this.enqueue(`gone:${name}`, () => this.forgetIfGone(name));
      return;
    }
    // A new folder (a variant's): follow it too.
    void stat(this.fileOf(name)).then(
      (info) => info.isDirectory() && this.watchFolder(name),
      () => undefined,
    );
  }

  private enqueue(id: string, work: () => Promise<void>): void {
    if (this.due.has(id)) return;
    this.due.add(id);
    this.queue = this.queue
      .then(() => {
        this.due.delete(id);
        return work();
      })
      .catch((err) => this.options.log.error({ err, work: id }, "hls mirror: upload failed"));
  }

  /**
   * The playlist's new segments, then the playlist. A master playlist's variants go first, so a
   * player never finds a name the bucket does not have yet.
   */
  private async syncPlaylist(name: string, isTop: boolean): Promise<void> {
    const text = await readFile(this.fileOf(name), "utf8").catch(() => null);
    if (text === null) return;
    const folder = path.posix.dirname(name);
    for (const uri of referencedUris(text)) {
      if (!isRelative(uri)) continue;
      const referenced = path.posix.normalize(folder === "." ? uri : `${folder}/${uri}`);
      if (!isSafeKey(this.keyOf(referenced))) continue;
      if (isPlaylist(referenced)) {
        if (isTop) await this.syncPlaylist(referenced, false);
      } else if (!this.uploaded.has(referenced)) await this.upload(referenced, SEGMENT_CACHE_CONTROL);
    }
    await this.options.storage.put(
      this.keyOf(name),
      Buffer.from(text),
      contentTypeOf(name),
      LIVE_PLAYLIST_CACHE_CONTROL,
    );
  }

  private async upload(name: string, cacheControl: string): Promise<void> {
    // Deleted meanwhile (a live-only segment long gone): nothing to list it any more.
    const bytes = await readFile(this.fileOf(name)).catch(() => null);
    if (!bytes) return;
    await this.options.storage.put(this.keyOf(name), bytes, contentTypeOf(name), cacheControl);
    this.uploaded.add(name);
  }

  private async forgetIfGone(name: string): Promise<void> {
    if (!this.uploaded.has(name) || existsSync(this.fileOf(name))) return;
    await this.options.storage.delete(this.keyOf(name));
    this.uploaded.delete(name);
  }

  /** The playlists under `folder`, variants before the folder's own (a master comes last). */
  private async playlists(folder: string): Promise<string[]> {
    const entries = await readdir(this.fileOf(folder), { withFileTypes: true }).catch(() => []);
    const nested: string[] = [];
    const own: string[] = [];
    for (const entry of entries) {
      const name = this.child(folder, entry.name);
      if (entry.isDirectory()) nested.push(...(await this.playlists(name)));
      else if (isPlaylist(entry.name) && isSafeKey(this.keyOf(name))) own.push(name);
    }
    return [...nested, ...own];
  }
}

/** A stream directory's copy in the bucket, as a media child process holds it (program feed, RTMP ingest). */
export interface MirroredDir {
  /** Runs `then` once the bucket holds what the directory's playlists list (at once without a bucket). */
  whenMirrored(then: () => void): void;
  /** The directory's last playlists reach the bucket, then the copying stops. */
  close(): Promise<void>;
}

/** With S3_* set: the bucket a stream's directory is copied to, under `prefix` (media/hls-paths.ts). */
export interface MirrorSettings {
  s3: S3StorageConfig;
  prefix: string;
}

/** Sent across to a media child process as plain data: the bucket's client is made there. */
export function mirrorDir(dir: string, to: MirrorSettings | null, log: HlsMirrorLog): MirroredDir {
  if (!to) return { whenMirrored: (then) => then(), close: async () => undefined };
  const mirror = new HlsMirror({ dir, storage: s3FileStorage(to.s3), prefix: to.prefix, log });
  mirror.start();
  return {
    whenMirrored: (then) => void mirror.syncAll().then(then),
    close: () => mirror.close(),
  };
}
