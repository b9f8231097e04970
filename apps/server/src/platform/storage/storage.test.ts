import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startS3Server } from "../../testing/s3-server";
import { registerFilesRoute } from "./files-route";
import { localFileStorage } from "./local";
import type { FileStorage } from "./port";
import { s3FileStorage } from "./s3";

interface Opened {
  storage: FileStorage;
  served: { filesDir: string } | { bucket: FileStorage };
  close: () => Promise<void>;
}

async function openLocal(): Promise<Opened> {
  const filesDir = await mkdtemp(path.join(tmpdir(), "onstage-files-"));
  return {
    storage: localFileStorage(filesDir),
    served: { filesDir },
    close: () => rm(filesDir, { recursive: true, force: true }),
  };
}

async function openS3(): Promise<Opened> {
  const server = await startS3Server();
  const storage = s3FileStorage(server.config);
  return { storage, served: { bucket: storage }, close: server.close };
}

const bytes = (text: string) => Buffer.from(text, "utf8");

describe.each([
  { implementation: "the local directory", open: openLocal },
  { implementation: "an S3-compatible bucket (s3rver)", open: openS3 },
])("file storage on $implementation", ({ open }) => {
  let opened: Opened;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    opened = await open();
    app = Fastify();
    await registerFilesRoute(app, opened.served);
    origin = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app.close();
    await opened.close();
  });
  const fetchFile = (url: string) => fetch(new URL(url, origin));

  test("a file put is got back, and the URL put answers serves it to a browser", async () => {
    const { storage } = opened;
    const url = await storage.put("avatars/put-get.jpg", bytes("photo"), "image/jpeg");
    expect(await storage.get("avatars/put-get.jpg")).toEqual(bytes("photo"));
    const response = await fetchFile(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes("photo"));
  });

  test("a second put under the same key replaces the bytes", async () => {
    await opened.storage.put("avatars/replaced.jpg", bytes("first"), "image/jpeg");
    await opened.storage.put("avatars/replaced.jpg", bytes("second"), "image/jpeg");
    expect(await opened.storage.get("avatars/replaced.jpg")).toEqual(bytes("second"));
  });

  test("a missing key gets null; delete removes a file, and deleting a missing one is fine", async () => {
    const { storage } = opened;
    expect(await storage.get("avatars/never-put.jpg")).toBeNull();
    await storage.put("avatars/deleted.jpg", bytes("gone soon"), "image/jpeg");
    await storage.delete("avatars/deleted.jpg");
    expect(await storage.get("avatars/deleted.jpg")).toBeNull();
    await expect(storage.delete("avatars/deleted.jpg")).resolves.toBeUndefined();
  });

  test("list answers the keys under a prefix, in key order, and nothing for an unused prefix", async () => {
    const { storage } = opened;
    for (const key of ["media/7/b.ts", "media/7/a.ts", "media/7/sub/c.ts", "media/70/other.ts"])
      await storage.put(key, bytes(key), "video/mp2t");
    expect(await storage.list("media/7/")).toEqual(["media/7/a.ts", "media/7/b.ts", "media/7/sub/c.ts"]);
    expect(await storage.list("media/8/")).toEqual([]);
  });

  test("url(key) is fetched with plain fetch and returns the bytes", async () => {
    await opened.storage.put("organization/3/assets/logo.png", bytes("logo"), "image/png");
    const response = await fetchFile(await opened.storage.url("organization/3/assets/logo.png"));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes("logo"));
  });

  test.each([
    "../outside.jpg",
    "avatars/../../outside.jpg",
    "/absolute.jpg",
    "avatars//double.jpg",
    "Avatars/upper.JPG",
    "no-extension",
    "avatars/space here.jpg",
  ])("the unsafe key %j is refused by every operation", async (key) => {
    const { storage } = opened;
    await expect(storage.put(key, bytes("x"), "image/jpeg")).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage.url(key)).rejects.toThrow(/unsafe storage key/);
  });

  test.each(["../", "/media", "media//x"])("the unsafe prefix %j is refused by list", async (prefix) => {
    await expect(opened.storage.list(prefix)).rejects.toThrow(/unsafe storage prefix/);
  });
});

describe("signed URLs of a private bucket", () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  let storage: FileStorage;
  beforeAll(async () => {
    server = await startS3Server();
    storage = s3FileStorage(server.config);
    await storage.put("clips/signed.mp4", bytes("clip"), "video/mp4");
  });
  afterAll(() => server.close());

  test("a signed URL lasts 15 minutes and works without any other credentials", async () => {
    const url = new URL(await storage.url("clips/signed.mp4"));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const response = await fetch(url);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes("clip"));
  });

  // s3rver checks a V4 URL's key id and expiry but not the signature itself (its source: "Signature
  // version 4 calculation is unimplemented"); a real bucket refuses an altered signature too.
  test.each([
    {
      change: "another key id",
      tamper: (url: URL) =>
        url.searchParams.set(
          "X-Amz-Credential",
          url.searchParams.get("X-Amz-Credential")?.replace(/^[^/]+/, "SOMEONE") ?? "",
        ),
    },
    {
      change: "a signing time moved back past the expiry",
      tamper: (url: URL) => url.searchParams.set("X-Amz-Date", "20200101T000000Z"),
    },
    {
      change: "a longer lifetime than a week",
      tamper: (url: URL) => url.searchParams.set("X-Amz-Expires", "700000"),
    },
  ])("a signed URL with $change is refused", async ({ tamper }) => {
    const url = new URL(await storage.url("clips/signed.mp4"));
    tamper(url);
    const response = await fetch(url);
    expect([400, 403]).toContain(response.status);
    expect(await response.text()).not.toContain("clip");
  });

  test("with a public base (a CDN), put and url answer plain URLs under it", async () => {
    const behindCdn = s3FileStorage({ ...server.config, publicUrl: "https://cdn.example.com/files/" });
    expect(await behindCdn.put("clips/public.mp4", bytes("public"), "video/mp4")).toBe(
      "https://cdn.example.com/files/clips/public.mp4",
    );
    expect(await behindCdn.url("clips/public.mp4")).toBe("https://cdn.example.com/files/clips/public.mp4");
  });
});
