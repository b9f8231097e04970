import { execFileSync } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngOf } from "../../testing/images";
import { type RequestRecorder, recordRequests } from "../../testing/local-server";
import { processesMentioning } from "../../testing/processes";
import { makeClip } from "../../testing/videos/clips";
import { expectNothingLeft, refusal, until, useVideoFolder } from "../../testing/videos/given";
import { locateFfmpeg } from "../ffmpeg/locate";
import { VIDEO_PREPARATIONS_WAITING } from "./limits";
import { prepareVideo, type VideoPrepareError } from "./prepare";

// Issue 25 §2: an uploaded video is hostile input. Each refusal has its code and a sentence for the
// host, and leaves no output and no ffprobe or ffmpeg behind; no file makes the server fetch anything.

const given = useVideoFolder();
const clips = { h264: "", vp8: "", sound: "" };
/** Real ffmpeg reading its input at the video's own pace (-re), under a shell: a transcode that lasts. */
let slowFfmpeg = "";
/** An ffmpeg that only leaves a mark: a refusal before any transcode never starts it. */
const tripwire = { ffmpeg: "", mark: "" };
const ffmpegRan = () =>
  stat(tripwire.mark).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  const ffmpeg = (await locateFfmpeg())?.path;
  slowFfmpeg = await given.file("slow-ffmpeg", `#!/bin/sh\n"${ffmpeg}" -re "$@"\n`, 0o755);
  tripwire.mark = given.path("ffmpeg-ran");
  tripwire.ffmpeg = await given.file(
    "tripwire-ffmpeg",
    `#!/bin/sh\ntouch "${tripwire.mark}"\nexit 1\n`,
    0o755,
  );
  [clips.h264, clips.vp8, clips.sound] = await Promise.all([
    makeClip(given.path("h264.mp4"), { format: "mp4" }),
    makeClip(given.path("vp8.webm"), { format: "webm", video: "vp8", audio: "opus" }),
    makeClip(given.path("sound.mp4"), { format: "mp4", video: null }),
  ]);
});

describe("a file that is no video to share", () => {
  it.each([
    {
      case: "a video of another type",
      name: "film.avi",
      bytes: () => readFile(clips.h264),
      code: "video_unsupported_type",
      message: /^A video must be an MP4, MOV or WebM file\.$/,
    },
    {
      case: "text named .mp4",
      name: "notes.mp4",
      bytes: async () => "just some text, long enough to sniff",
      code: "video_unsupported_type",
      message: /^The file is named \.mp4 but its content is not an MP4 video\.$/,
    },
    {
      case: "an empty file",
      name: "empty.mov",
      bytes: async () => "",
      code: "video_unsupported_type",
      message: /named \.mov but its content is not a QuickTime \(MOV\) video/,
    },
    {
      case: "a PNG named .mov",
      name: "poster.mov",
      bytes: () => pngOf(64, 36),
      code: "video_unsupported_type",
      message: /named \.mov/,
    },
    {
      case: "a WebM named .mp4",
      name: "talk.mp4",
      bytes: () => readFile(clips.vp8),
      code: "video_unsupported_type",
      message: /named \.mp4 but its content is not an MP4 video/,
    },
    {
      case: "an MP4 named .webm",
      name: "talk.webm",
      bytes: () => readFile(clips.h264),
      code: "video_unsupported_type",
      message: /named \.webm but its content is not a WebM video/,
    },
    {
      case: "sound alone in an MP4",
      name: "song.mp4",
      bytes: () => readFile(clips.sound),
      code: "video_no_picture",
      message: /^The file has no picture/,
    },
    {
      case: "an MP4 cut short before its index",
      name: "cut.mp4",
      bytes: async () => (await readFile(clips.h264)).subarray(0, 50_000),
      code: "video_unreadable",
      message: /^The video could not be read\. Please export it again/,
    },
  ])("$case is refused with $code", async ({ name, bytes, code, message }) => {
    const inputPath = await given.file(name, await bytes());
    const outPath = given.outPath();
    const tools = { ffmpeg: tripwire.ffmpeg };
    const err = await refusal(prepareVideo({ inputPath, fileName: name, outPath, tools }));
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    expect(await ffmpegRan()).toBe(false);
    await expectNothingLeft(outPath);
  });

  it("that is a pipe is refused at once instead of waited on", async () => {
    const pipe = given.path("clip.mp4");
    execFileSync("mkfifo", [pipe]);
    const err = await refusal(
      prepareVideo({ inputPath: pipe, fileName: "clip.mp4", outPath: given.outPath() }),
    );
    expect(err.code).toBe("video_unreadable");
  });
});

describe("a video past a limit", () => {
  it.each([
    {
      case: "longer than the duration limit",
      limits: { maxDurationMs: 1_000 },
      code: "video_too_long",
      message: "The video is 2 s long; a video may be at most 1 s.",
    },
    {
      case: "larger than the size limit",
      limits: { maxBytes: 100_000 },
      code: "video_too_large",
      message: "The file is 1 MB; a video may be at most 0.1 MB.",
    },
    {
      case: "wider than the picture limit",
      limits: { maxSidePx: 256 },
      code: "video_picture_too_large",
      message: "The video is 320 × 180 pixels; a video may be at most 256 pixels a side.",
    },
  ])("$case is refused with $code before anything is encoded", async ({ limits, code, message }) => {
    const outPath = given.outPath();
    const tools = { ffmpeg: tripwire.ffmpeg };
    const err = await refusal(
      prepareVideo({ inputPath: clips.h264, fileName: "clip.mp4", outPath, limits, tools }),
    );
    expect(err).toMatchObject({ code, message });
    expect(await ffmpegRan()).toBe(false);
    await expectNothingLeft(outPath);
  });
});

describe("a playlist named .mp4", () => {
  let recorder: RequestRecorder;
  beforeAll(async () => {
    recorder = await recordRequests();
  });
  afterAll(() => recorder.close());

  it.each([
    {
      case: "HLS",
      text: (base: string) =>
        `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\n${base}/segment0.ts\n#EXT-X-ENDLIST\n`,
    },
    { case: "ffconcat", text: (base: string) => `ffconcat version 1.0\nfile ${base}/clip.mp4\nduration 2\n` },
  ])("($case) pointing at a web server is refused, and the server sees no request", async ({ text }) => {
    const inputPath = await given.file("playlist.mp4", text(recorder.base));
    const outPath = given.outPath();
    const err = await refusal(prepareVideo({ inputPath, fileName: "playlist.mp4", outPath }));
    expect(err.code).toBe("video_unsupported_type");
    expect(recorder.requests).toEqual([]);
    await expectNothingLeft(outPath);
  });
});

describe("a preparation that runs too long", () => {
  it("is killed at its time limit, leaving no process and no output", async () => {
    const outPath = given.outPath();
    const started = performance.now();
    const err = await refusal(
      prepareVideo({
        inputPath: clips.vp8,
        fileName: "talk.webm",
        outPath,
        tools: { ffmpeg: slowFfmpeg },
        limits: { transcodeTimeoutMaxMs: 500 },
      }),
    );
    expect(err.code).toBe("video_timeout");
    expect(err.message).toBe("Preparing the video took longer than 0.5 s.");
    expect(performance.now() - started).toBeLessThan(2_000);
    await expectNothingLeft(outPath);
  });

  it("is killed when it is cancelled", async () => {
    const outPath = given.outPath();
    const err = await refusal(
      prepareVideo({
        inputPath: clips.vp8,
        fileName: "talk.webm",
        outPath,
        tools: { ffmpeg: slowFfmpeg },
        signal: AbortSignal.timeout(500),
      }),
    );
    expect(err.code).toBe("video_aborted");
    await expectNothingLeft(outPath);
  });

  it("is not started when cancelled before its turn", async () => {
    const outPath = given.outPath();
    const err = await refusal(
      prepareVideo({ inputPath: clips.h264, fileName: "clip.mp4", outPath, signal: AbortSignal.abort() }),
    );
    expect(err.code).toBe("video_aborted");
    await expectNothingLeft(outPath);
  });
});

describe("preparations at once", () => {
  it(`run one at a time, ${VIDEO_PREPARATIONS_WAITING} wait in line, and one more is refused (videos_busy)`, async () => {
    const first = { outPath: given.outPath(), controller: new AbortController() };
    const running = prepareVideo({
      inputPath: clips.vp8,
      fileName: "talk.webm",
      outPath: first.outPath,
      tools: { ffmpeg: slowFfmpeg },
      signal: first.controller.signal,
    });
    // The first is encoding once its ffmpeg names its output.
    await until(async () => (await processesMentioning(first.outPath)).length > 0);
    const next = Array.from({ length: VIDEO_PREPARATIONS_WAITING + 1 }, () => given.outPath());
    const others = next.map((outPath) =>
      prepareVideo({ inputPath: clips.h264, fileName: "clip.mp4", outPath }).then(
        () => "prepared",
        (err: VideoPrepareError) => err.code,
      ),
    );
    // Whichever came last is refused at once; the others wait, nothing of theirs started.
    await until(async () => (await Promise.race([...others, Promise.resolve("waiting")])) !== "waiting");
    const workFolders = (await readdir(given.root)).filter((name) => name.includes(".preparing-"));
    expect(workFolders).toEqual([expect.stringMatching(new RegExp(`^${path.basename(first.outPath)}`))]);
    first.controller.abort();
    expect((await refusal(running)).code).toBe("video_aborted");
    expect((await Promise.all(others)).sort()).toEqual([
      ...Array(VIDEO_PREPARATIONS_WAITING).fill("prepared"),
      "videos_busy",
    ]);
  });
});

describe("a server without ffprobe", () => {
  it("refuses with video_converter_missing, naming the package", async () => {
    const outPath = given.outPath();
    const err = await refusal(
      prepareVideo({ inputPath: clips.h264, fileName: "clip.mp4", outPath, tools: { ffprobe: null } }),
    );
    expect(err.code).toBe("video_converter_missing");
    expect(err.message).toMatch(/Debian package ffmpeg/);
    await expectNothingLeft(outPath);
  });
});
