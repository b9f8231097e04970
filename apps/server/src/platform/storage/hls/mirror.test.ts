import { mkdir, mkdtemp, rename, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../../testing/media";
import { startS3Server } from "../../../testing/s3-server";
import type { FileStorage } from "../port";
import { s3FileStorage } from "../s3";
import { HlsMirror } from "./mirror";
import { referencedUris, rewriteUris } from "./playlist";

const PREFIX = "media/sessions/1/streams/2-0123456789abcdef";

/** The bucket, with each key put noted in `puts` (relative to the prefix), in order. */
const noting = (bucket: FileStorage, puts: string[]): FileStorage => ({
  ...bucket,
  put: (key, ...rest) => {
    puts.push(key.slice(PREFIX.length + 1));
    return bucket.put(key, ...rest);
  },
});

const mediaPlaylist = (segments: string[], map?: string) =>
  [
    "#EXTM3U",
    "#EXT-X-TARGETDURATION:1",
    ...(map ? [`#EXT-X-MAP:URI="${map}"`] : []),
    ...segments.flatMap((s) => ["#EXTINF:1.000000,", s]),
    "",
  ].join("\n");

describe("an HLS output directory mirrored to an S3-compatible bucket (s3rver)", () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let bucket: FileStorage;
  let dir: string;
  let mirror: HlsMirror;
  /** The keys the mirror put, in order. */
  const puts: string[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    server = await startS3Server();
    bucket = s3FileStorage(server.config);
    dir = await mkdtemp(path.join(tmpdir(), "onstage-hls-"));
    mirror = new HlsMirror({
      dir,
      storage: noting(bucket, puts),
      prefix: PREFIX,
      log: { error: (context) => errors.push(context) },
    });
    mirror.start();
  });
  afterAll(async () => {
    await mirror.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const inBucket = async (name: string) => (await bucket.get(`${PREFIX}/${name}`)) !== null;
  /** As ffmpeg does: the playlist is written aside, then renamed into place. */
  const writePlaylist = async (name: string, text: string) => {
    await writeFile(path.join(dir, `${name}.tmp`), text);
    await rename(path.join(dir, `${name}.tmp`), path.join(dir, name));
  };

  it("uploads each segment before the playlist that lists it, and never a temporary file", async () => {
    await writeFile(path.join(dir, "live0.ts"), "segment 0");
    await writePlaylist("live.m3u8", mediaPlaylist(["live0.ts"]));
    await until("live.m3u8", () => inBucket("live.m3u8"));
    await writeFile(path.join(dir, "live1.ts"), "segment 1");
    await writePlaylist("live.m3u8", mediaPlaylist(["live0.ts", "live1.ts"]));
    await until("live1.ts", () => inBucket("live1.ts"));
    await mirror.syncAll();
    expect(puts.indexOf("live0.ts")).toBeLessThan(puts.indexOf("live.m3u8"));
    expect(puts.indexOf("live1.ts")).toBeLessThan(puts.lastIndexOf("live.m3u8"));
    expect(puts.filter((name) => name === "live0.ts")).toHaveLength(1);
    expect(puts.some((name) => name.includes("tmp"))).toBe(false);
    expect((await bucket.get(`${PREFIX}/live1.ts`))?.toString()).toBe("segment 1");
    expect((await bucket.get(`${PREFIX}/live.m3u8`))?.toString()).toBe(
      mediaPlaylist(["live0.ts", "live1.ts"]),
    );
  });

  it("a playlist appended to in place (the recording) is uploaded as it grows", async () => {
    await writeFile(path.join(dir, "vod.m3u8"), mediaPlaylist(["live0.ts"]));
    await until("vod.m3u8", () => inBucket("vod.m3u8"));
    await writeFile(path.join(dir, "vod.m3u8"), mediaPlaylist(["live0.ts", "live1.ts"]), { flag: "w" });
    await until(
      "the grown vod.m3u8",
      async () => (await bucket.get(`${PREFIX}/vod.m3u8`))?.toString().includes("live1.ts") ?? false,
    );
  });

  it("a master playlist reaches the bucket after its variant folders' playlists and their segments", async () => {
    for (const variant of ["720p", "360p"]) {
      await mkdir(path.join(dir, variant));
      await writeFile(path.join(dir, variant, "init.mp4"), `${variant} init`);
      await writeFile(path.join(dir, variant, "seg0.m4s"), `${variant} segment`);
      await writePlaylist(`${variant}/index.m3u8`, mediaPlaylist(["seg0.m4s"], "init.mp4"));
    }
    await writePlaylist(
      "master.m3u8",
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\n360p/index.m3u8\n",
    );
    await until("master.m3u8", () => inBucket("master.m3u8"));
    await mirror.syncAll();
    for (const variant of ["720p", "360p"]) {
      expect(puts.indexOf(`${variant}/init.mp4`)).toBeLessThan(puts.indexOf(`${variant}/index.m3u8`));
      expect(puts.indexOf(`${variant}/seg0.m4s`)).toBeLessThan(puts.indexOf(`${variant}/index.m3u8`));
      expect(puts.indexOf(`${variant}/index.m3u8`)).toBeLessThan(puts.indexOf("master.m3u8"));
      expect((await bucket.get(`${PREFIX}/${variant}/seg0.m4s`))?.toString()).toBe(`${variant} segment`);
    }
  });

  it("a segment deleted from the directory is deleted from the bucket; the others stay", async () => {
    await unlink(path.join(dir, "live0.ts"));
    await until("live0.ts gone", async () => !(await inBucket("live0.ts")));
    expect(await inBucket("live1.ts")).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a new mirror of the same directory (a restart) uploads nothing the bucket already has", async () => {
    const again: string[] = [];
    const second = new HlsMirror({
      dir,
      storage: noting(bucket, again),
      prefix: PREFIX,
      log: { error: (context) => errors.push(context) },
    });
    second.start();
    await second.close();
    expect(again.every((key) => key.endsWith(".m3u8"))).toBe(true);
  });
});

describe("a mirror closed while its bucket's SDK is still loading (s3rver)", () => {
  it("close resolves once the ended playlist and the segments it lists are in the bucket", async () => {
    const server = await startS3Server();
    const dir = await mkdtemp(path.join(tmpdir(), "onstage-hls-"));
    try {
      // A fresh storage loads the AWS SDK on its first call; holding every call back longer stands in
      // for a slow machine, so the writer ends and close() is called before any upload started.
      let loaded!: () => void;
      const loading = new Promise<void>((resolve) => {
        loaded = resolve;
      });
      const fresh = s3FileStorage(server.config);
      const slow: FileStorage = {
        put: async (...args) => loading.then(() => fresh.put(...args)),
        get: async (key) => loading.then(() => fresh.get(key)),
        delete: async (key) => loading.then(() => fresh.delete(key)),
        list: async (prefix) => loading.then(() => fresh.list(prefix)),
        url: async (key) => loading.then(() => fresh.url(key)),
        downloadUrl: async (key, name) => loading.then(() => fresh.downloadUrl(key, name)),
      };
      const errors: unknown[] = [];
      const mirror = new HlsMirror({
        dir,
        storage: slow,
        prefix: PREFIX,
        log: { error: (context) => errors.push(context) },
      });
      mirror.start();
      await writeFile(path.join(dir, "live0.ts"), "segment 0");
      await writeFile(path.join(dir, "live.m3u8"), mediaPlaylist(["live0.ts"]));
      await writeFile(path.join(dir, "live1.ts"), "segment 1");
      const ended = `${mediaPlaylist(["live0.ts", "live1.ts"])}#EXT-X-ENDLIST\n`;
      await writeFile(path.join(dir, "live.m3u8.tmp"), ended);
      await rename(path.join(dir, "live.m3u8.tmp"), path.join(dir, "live.m3u8"));
      let closed = false;
      const closing = mirror.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      loaded();
      await closing;
      const bucket = s3FileStorage(server.config);
      expect((await bucket.get(`${PREFIX}/live.m3u8`))?.toString()).toBe(ended);
      expect((await bucket.get(`${PREFIX}/live1.ts`))?.toString()).toBe("segment 1");
      expect(errors).toEqual([]);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("HLS playlist text", () => {
  const text = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nseg0.m4s\n#EXT-X-ENDLIST\n';
  it("names its segments and URI attributes", () => {
    expect(referencedUris(text)).toEqual(["init.mp4", "seg0.m4s"]);
  });
  it("rewrites them, leaving the rest as it was", async () => {
    const rewritten = await rewriteUris(text, async (uri) =>
      uri === "init.mp4" ? null : `https://cdn/${uri}`,
    );
    expect(rewritten).toBe(
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nhttps://cdn/seg0.m4s\n#EXT-X-ENDLIST\n',
    );
  });
});
