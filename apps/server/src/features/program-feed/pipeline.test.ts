import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testFilesDir } from "../../testing/app";
import { webmRecording } from "../../testing/media";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "./ffmpeg-args";
import { CompositorInput, ProgramPipeline } from "./pipeline";
import { parsePlaylist, recordingPlaylist } from "./playlists";

const segment = (n: number, discontinuity = false) => ({
  uri: `live${n}.ts`,
  tags: ["#EXTINF:1.000000,", `#EXT-X-PROGRAM-DATE-TIME:2026-11-24T03:00:0${n}.000+0000`],
  duration: 1,
  discontinuity,
});

const silentLog = { error: () => undefined } as unknown as ConstructorParameters<
  typeof ProgramPipeline
>[0]["log"];

describe("the recording's playlist", () => {
  it("lists segments with their own tags, a discontinuity where one was, and ENDLIST once ended", () => {
    const text = recordingPlaylist([segment(0, true), segment(1), segment(3, true)], true);
    expect(text).toContain("#EXT-X-PLAYLIST-TYPE:EVENT");
    expect(text.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(1);
    expect(text.trimEnd().endsWith("#EXT-X-ENDLIST")).toBe(true);
    expect(parsePlaylist(text).map((s) => s.uri)).toEqual(["live0.ts", "live1.ts", "live3.ts"]);
    expect(parsePlaylist(text)[2]?.discontinuity).toBe(true);
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
      log: silentLog,
    });
    await pipeline.stop();
    expect(pipeline.isLive).toBe(false);
    const vod = await readFile(path.join(dir, VOD_PLAYLIST), "utf8");
    expect(parsePlaylist(vod).map((s) => s.uri)).toEqual(["live0.ts", "live1.ts"]);
    expect(vod).toContain("#EXT-X-ENDLIST");
    expect(await readFile(path.join(dir, LIVE_PLAYLIST), "utf8")).toContain("#EXT-X-ENDLIST");
  });

  it("encodes a VP8 recording to H.264 HLS (Chromium without H.264)", async () => {
    const dir = await testFilesDir();
    const pipeline = new ProgramPipeline({
      ffmpegPath: "ffmpeg",
      dir,
      recording: true,
      slateColour: null,
      log: silentLog,
    });
    const live = new Promise<void>((resolve) => pipeline.once("live", resolve));
    const input = new CompositorInput();
    pipeline.useCompositor("video/webm;codecs=vp8,opus", input);
    input.write(await webmRecording(3, "320x180", "vp8"));
    await live;
    await pipeline.stop();
    const recorded = parsePlaylist(await readFile(path.join(dir, VOD_PLAYLIST), "utf8"));
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    expect(recorded.every((s) => s.duration > 0.5 && s.duration < 1.6)).toBe(true);
  });
});
