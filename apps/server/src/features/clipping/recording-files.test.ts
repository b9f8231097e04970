import { expect, test } from "vitest";
import type { FileStorage } from "../../platform/storage/port";
import { recordingFiles } from "./recording-files";

// Issue 26 §1: a stream's recording is read where its pipeline wrote it, by the URL the stream keeps;
// a URL of no place this server writes reads nothing.

const asked: string[] = [];
const storage = {
  get: async (key: string) => {
    asked.push(key);
    return Buffer.from(key);
  },
} as unknown as FileStorage;
const places = { storage, mediaDir: "/data/media", mediaSecret: "secret", isBucket: false };

test.each([
  [
    "LiveKit Egress's files",
    "/files/egress/session-4/stream-9/vod.m3u8",
    true,
    "egress/session-4/stream-9/live1.ts",
  ],
  [
    "the HLS mirror's bucket",
    "/media/sessions/4/streams/9/vod.m3u8",
    true,
    /^media\/sessions\/4\/streams\/9-[0-9a-f]{32}\/live1\.ts$/,
  ],
])("%s: read from the storage", async (_case, url, isBucket, key) => {
  asked.length = 0;
  const files = recordingFiles({ ...places, isBucket }, url);
  expect(files?.playlist).toBe("vod.m3u8");
  await files?.read("live1.ts");
  expect(asked[0]).toMatch(key);
});

test("this node's media directory without a bucket", async () => {
  const files = recordingFiles(places, "/media/sessions/4/streams/9/vod.m3u8");
  expect(files?.playlist).toBe("vod.m3u8");
  // Nothing there: a missing file is null, not a throw.
  expect(await files?.read("live1.ts")).toBeNull();
});

test.each([
  "https://elsewhere.example/vod.m3u8",
  "/media/sessions/4/streams/9/../../../etc/passwd",
  "/media/sessions/x/streams/9/vod.m3u8",
  "/files/../secret.m3u8",
  "",
])("%j is no recording of ours", (url) => {
  expect(recordingFiles(places, url)).toBeNull();
});
