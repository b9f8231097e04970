import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { COMPOSITOR_TIMESLICE_MS } from "@onstage/domain";
import { describe, expect, it } from "vitest";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import {
  datedPlaylist,
  parsePlaylist,
  programDateOf,
  RecordingWriter,
  recordingPlaylist,
} from "../../media/playlists";
import { testFilesDir } from "../../testing/app";
import { webmRecording } from "../../testing/media";
import { CompositorInput, ProgramPipeline } from "./pipeline";

const segment = (n: number, discontinuity = false) => ({
  uri: `live${n}.ts`,
  tags: ["#EXTINF:1.000000,", `#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:0${n}.000+0000`],
  duration: 1,
  discontinuity,
});

const silentLog = { error: () => undefined } as unknown as ConstructorParameters<
  typeof ProgramPipeline
>[0]["log"];

/** A recording pipeline on real ffmpeg in a fresh directory. */
async function recordingPipeline(dir?: string) {
  dir ??= await testFilesDir();
  const options = {
    ffmpegPath: "ffmpeg",
    dir,
    recording: true,
    slateColour: null,
    mirror: null,
    log: silentLog,
  };
  return { dir, pipeline: new ProgramPipeline(options) };
}

/** 3 s of a VP8 compositor recording through the pipeline, stopped once live: the recording's segments. */
async function recordThreeSeconds({ dir, pipeline }: Awaited<ReturnType<typeof recordingPipeline>>) {
  const live = new Promise<void>((resolve) => pipeline.once("live", resolve));
  const input = new CompositorInput();
  pipeline.useCompositor("video/webm;codecs=vp8,opus", input);
  input.write(await webmRecording(3, "320x180", "vp8"));
  await live;
  await pipeline.stop();
  return parsePlaylist(await readFile(path.join(dir, VOD_PLAYLIST), "utf8"));
}

describe("program dates", () => {
  const at = (iso: string) => Date.parse(iso);
  it.each([
    {
      name: "replaces a listed segment's date",
      text: "#EXTINF:1.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:00.000+0000\nlive0.ts\n",
      dates: [["live0.ts", at("2026-11-24T02:59:55.500Z")]],
      want: "#EXTINF:1.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T02:59:55.500Z\nlive0.ts\n",
    },
    {
      name: "adds a date to a segment without one, keeps the others' lines",
      text: "#EXTM3U\n#EXT-X-DISCONTINUITY\n#EXTINF:1.0,\nlive0.ts\n#EXTINF:1.0,\nlive1.ts\n",
      dates: [["live1.ts", at("2026-11-24T03:00:01.000Z")]],
      want: "#EXTM3U\n#EXT-X-DISCONTINUITY\n#EXTINF:1.0,\nlive0.ts\n#EXTINF:1.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:01.000Z\nlive1.ts\n",
    },
    {
      name: "leaves an undated segment's own date",
      text: "#EXTINF:1.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:00.000+0000\nlive0.ts\n",
      dates: [],
      want: "#EXTINF:1.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:00.000+0000\nlive0.ts\n",
    },
  ])("$name", ({ text, dates, want }) => {
    expect(datedPlaylist(text, new Map(dates as [string, number][]))).toBe(want);
  });

  it("read from a segment: ffmpeg's +0000 form, ours, none", () => {
    expect(programDateOf(segment(1))).toBe(at("2026-11-24T03:00:01.000Z"));
    expect(
      programDateOf({ ...segment(1), tags: ["#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:01.250Z"] }),
    ).toBe(at("2026-11-24T03:00:01.250Z"));
    expect(programDateOf({ ...segment(1), tags: ["#EXTINF:1.0,"] })).toBeNull();
  });

  it("dates a run's first segment by when its input began, not by when its ffmpeg started", async () => {
    // Issue 12 §11 under load: chunks waited 2.5 s for their run (ffmpeg dated them ~2.5 s late).
    const { dir, pipeline } = await recordingPipeline();
    const recording = await webmRecording(3, "320x180", "vp8");
    const input = new CompositorInput();
    const before = Date.now();
    input.write(recording);
    const after = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const live = new Promise<void>((resolve) => pipeline.once("live", resolve));
    pipeline.useCompositor("video/webm;codecs=vp8,opus", input);
    await live;
    await pipeline.stop();
    const listed = parsePlaylist(await readFile(path.join(dir, LIVE_PLAYLIST), "utf8"));
    const dates = listed.map(programDateOf);
    expect(dates[0]).toBeGreaterThanOrEqual(before - COMPOSITOR_TIMESLICE_MS);
    expect(dates[0]).toBeLessThanOrEqual(after - COMPOSITOR_TIMESLICE_MS);
    // Each next one follows the previous, and the recording lists the same dates.
    for (let i = 1; i < listed.length; i++) {
      expect(dates[i]).toBe((dates[i - 1] ?? 0) + (listed[i - 1]?.duration ?? 0) * 1000);
    }
    const recorded = parsePlaylist(await readFile(path.join(dir, VOD_PLAYLIST), "utf8"));
    expect(recorded.map(programDateOf)).toEqual(dates.slice(0, recorded.length));
  });
});

describe("the recording's playlist", () => {
  it("lists segments with their own tags, a discontinuity where one was, and ENDLIST once ended", () => {
    const text = recordingPlaylist([segment(0, true), segment(1), segment(3, true)], true);
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:EVENT");
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    expect(text.trimEnd().endsWith("#EXT-X-ENDLIST")).toBe(true);
    expect(parsePlaylist(text).map((s) => s.uri)).toEqual(["live0.ts", "live1.ts", "live3.ts"]);
    expect(parsePlaylist(text)[2]?.discontinuity).toBe(true);
  });

  it("is appended to while it grows, rewritten when a segment outgrows its target, exact once ended", async () => {
    const file = path.join(await testFilesDir(), VOD_PLAYLIST);
    const writer = new RecordingWriter(file, []);
    await writer.append([segment(0, true), segment(1)]);
    const grown = await readFile(file, "utf8");
    expect(grown).toContain("#EXT-X-TARGETDURATION:2");
    await writer.append([segment(2, true)]);
    // Appended: what was written stays as it was, byte for byte.
    expect((await readFile(file, "utf8")).startsWith(grown)).toBe(true);
    const long = { ...segment(3), duration: 3.4 };
    await writer.append([long]);
    const rewritten = await readFile(file, "utf8");
    expect(rewritten).toContain("#EXT-X-TARGETDURATION:3");
    expect(parsePlaylist(rewritten).map((s) => s.uri)).toEqual([
      "live0.ts",
      "live1.ts",
      "live2.ts",
      "live3.ts",
    ]);
    expect(rewritten.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    await writer.end();
    const recorded = [segment(0, true), segment(1), segment(2, true), long];
    expect(await readFile(file, "utf8")).toBe(recordingPlaylist(recorded, true));
    expect(recordingPlaylist(recorded, true)).toContain("#EXT-X-TARGETDURATION:3");
  });

  it("rewrites a resumed recording whole before appending (its header is not this writer's)", async () => {
    const file = path.join(await testFilesDir(), VOD_PLAYLIST);
    await writeFile(file, "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000000,\nlive0.ts\n");
    const writer = new RecordingWriter(file, [segment(0)]);
    await writer.append([{ ...segment(1), duration: 1.9 }]);
    const text = await readFile(file, "utf8");
    expect(text).toBe(recordingPlaylist([segment(0), { ...segment(1), duration: 1.9 }], false));
  });

  it("survives a server restart: a new pipeline keeps what was recorded and ends it", async () => {
    const dir = await testFilesDir();
    await writeFile(path.join(dir, VOD_PLAYLIST), recordingPlaylist([segment(0), segment(1)], false));
    await writeFile(
      path.join(dir, LIVE_PLAYLIST),
      recordingPlaylist([segment(0), segment(1), segment(2)], false),
    );
    const pipeline = new ProgramPipeline({
      ffmpegPath: "/nonexistent/ffmpeg",
      dir,
      recording: true,
      slateColour: null,
      mirror: null,
      log: silentLog,
    });
    await pipeline.stop();
    expect(pipeline.isLive).toBe(false);
    const vod = await readFile(path.join(dir, VOD_PLAYLIST), "utf8");
    expect(parsePlaylist(vod).map((s) => s.uri)).toEqual(["live0.ts", "live1.ts"]);
    expect(vod).toContain("#EXT-X-ENDLIST");
    expect(await readFile(path.join(dir, LIVE_PLAYLIST), "utf8")).toContain("#EXT-X-ENDLIST");
  });

  it("goes on numbering a stream begun before ffmpeg-live.playlist existed (an upgrade mid-broadcast)", async () => {
    const written = await testFilesDir();
    await writeFile(path.join(written, VOD_PLAYLIST), recordingPlaylist([segment(0), segment(1)], false));
    await writeFile(
      path.join(written, LIVE_PLAYLIST),
      recordingPlaylist([segment(0), segment(1), segment(2)], true),
    );
    const recorded = await recordThreeSeconds(await recordingPipeline(written));
    const uris = recorded.map((s) => s.uri);
    expect(uris.slice(0, 3)).toEqual(["live0.ts", "live1.ts", "live3.ts"]);
    expect(new Set(uris).size).toBe(uris.length);
    expect(recorded[2]?.discontinuity).toBe(true);
  });

  it("encodes a VP8 recording to H.264 HLS (Chromium without H.264)", async () => {
    const recorded = await recordThreeSeconds(await recordingPipeline());
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(recorded.every((s) => s.duration > 0.5 && s.duration < 1.6)).toBe(true);
  });
});
