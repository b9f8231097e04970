import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findOnPath } from "../../platform/executable";
import { locateFfmpeg } from "../../platform/ffmpeg/locate";
import { PART_TARGET_S } from "./constants";
import { fmp4TeeSlave, TEE_ENCODING } from "./ffmpeg-output";
import { folderFiles } from "./files";
import { partName, segmentName } from "./names";
import { LlHlsPackager } from "./packager";
import { mediaPlaylist } from "./playlist";
import type { LlHlsState } from "./state";

// The packager on real ffmpeg output: 4 s of a 30 fps test picture with a 1 s GOP, and a tone.

const run = promisify(execFile);
const ffmpeg = (await locateFfmpeg())?.path;
const ffprobe = await findOnPath("ffprobe");

const ENCODE = [
  ...["-hide_banner", "-loglevel", "error", "-nostats"],
  ...[
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=640x360:rate=30",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:sample_rate=48000",
  ],
  ...["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", "30", "-pix_fmt", "yuv420p"],
  ...["-c:a", "aac", "-t", "4"],
];

describe.skipIf(!ffmpeg || !ffprobe)("LL-HLS from ffmpeg's fragmented MP4", () => {
  let dir: string;
  let state: LlHlsState;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ll-hls-"));
    const packager = new LlHlsPackager({ files: folderFiles(dir), now: () => Date.UTC(2024, 0, 1) });
    const child = spawn(
      ffmpeg as string,
      [...ENCODE, "-map", "0:v", "-map", "1:a", ...TEE_ENCODING, "-f", "tee", fmp4TeeSlave(1)],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    try {
      await pipeline(child.stdout, packager.writable());
    } finally {
      child.kill("SIGKILL"); // a no-op once ffmpeg has exited; on a failed pipe, none is left running
    }
    expect(await exited).toBe(0);
    await packager.end();
    state = packager.state;
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test("parts of about 1/3 s, each within the part target", () => {
    const parts = state.segments.flatMap((s) => s.parts);
    expect(parts).toHaveLength(12);
    for (const part of parts) {
      expect(part.durationSeconds).toBeGreaterThan(0.33);
      expect(part.durationSeconds).toBeLessThanOrEqual(PART_TARGET_S);
    }
  });

  test("segments of about 1 s, each starting with an independent part and written whole", async () => {
    expect(state.segments.map((s) => s.msn)).toEqual([0, 1, 2, 3]);
    for (const segment of state.segments) {
      expect(segment.durationSeconds).toBeGreaterThan(0.99);
      expect(segment.durationSeconds).toBeLessThan(1.03);
      expect(segment.parts.map((p) => p.isIndependent)).toEqual([true, false, false]);
      const parts = await Promise.all(
        segment.parts.map((p) => readFile(path.join(dir, partName(segment.msn, p.index)))),
      );
      expect(await readFile(path.join(dir, segmentName(segment.msn)))).toEqual(Buffer.concat(parts));
    }
  });

  test("the init section and one segment decode: a second of video and its audio", async () => {
    const file = path.join(dir, "probe.mp4");
    const [init, segment] = await Promise.all(
      ["init0.mp4", "s2.m4s"].map((name) => readFile(path.join(dir, name))),
    );
    await writeFile(file, Buffer.concat([init as Buffer, segment as Buffer]));
    const probe = (stream: string, entry: string) =>
      run(ffprobe as string, [
        ...["-v", "error", "-count_frames", "-select_streams", stream],
        ...["-show_entries", `stream=${entry}`, "-of", "csv=p=0", file],
      ]);
    expect((await probe("v:0", "nb_read_frames")).stdout.trim()).toBe("30");
    expect((await probe("a:0", "codec_name")).stdout.trim()).toBe("aac");
  });

  test("the playlist read back names every file in sequence", async () => {
    const text = mediaPlaylist(state);
    expect(text).toMatch(/^#EXT-X-MEDIA-SEQUENCE:0$/m);
    expect(text.endsWith("#EXT-X-ENDLIST\n")).toBe(true);
    const segments = text.split(/^#EXTINF:[\d.]+,\n/m).slice(1);
    expect(segments.map((s) => s.split("\n")[0])).toEqual(["s0.m4s", "s1.m4s", "s2.m4s", "s3.m4s"]);
    const partsBefore = text.split(/^s\d+\.m4s$/m).map((chunk) => chunk.match(/#EXT-X-PART:/g)?.length ?? 0);
    // Parts of the last 3 target durations only: segments 1-3.
    expect(partsBefore).toEqual([0, 3, 3, 3, 0]);
    const uris = [...text.matchAll(/URI="([^"]+)"/g)]
      .map((m) => m[1] as string)
      .concat(text.match(/^s.*$/gm) ?? []);
    await Promise.all(uris.map((uri) => readFile(path.join(dir, uri))));
  });

  test("a player ignoring the LL-HLS tags plays it as an ordinary fMP4 playlist (ffmpeg's HLS reader)", async () => {
    const playlist = path.join(dir, "live.m3u8");
    await writeFile(playlist, mediaPlaylist(state));
    const { stdout } = await run(ffprobe as string, [
      ...["-v", "error", "-count_frames", "-select_streams", "v:0"],
      ...["-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", playlist],
    ]);
    // The HLS reader lists the stream once under its program and once on its own.
    expect(new Set(stdout.split(/\s+/).filter(Boolean))).toEqual(new Set(["120"]));
  });
});
