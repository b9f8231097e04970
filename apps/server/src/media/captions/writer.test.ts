import { execFile } from "node:child_process";
import { access, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { CaptionLine } from "@onstage/domain";
import { describe, expect, it, vi } from "vitest";
import { FfmpegRun } from "../../platform/ffmpeg/run";
import { testFilesDir } from "../../testing/app";
import { parsePlaylist } from "../playlists";
import { CAPTIONS_PLAYLIST, CAPTIONS_VOD_PLAYLIST } from "./hls";
import { CaptionsWriter } from "./writer";

const run = promisify(execFile);

/** A 5 s test picture in real time, as the program feed writes it: 1 s segments with program date-times. */
const LIVE_ARGS = (dir: string) => [
  ...["-hide_banner", "-loglevel", "error", "-nostdin", "-re"],
  ...["-f", "lavfi", "-i", "testsrc=size=320x180:rate=30", "-t", "5"],
  ...["-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p"],
  ...[
    "-f",
    "hls",
    "-hls_time",
    "1",
    "-hls_list_size",
    "3",
    "-hls_flags",
    "program_date_time+delete_segments",
  ],
  ...["-hls_segment_filename", path.join(dir, "live%d.ts"), path.join(dir, "live.m3u8")],
];

/** The first video PTS as ffprobe reads it, to check the WebVTT segment's timestamp map against. */
async function probedPts(file: string): Promise<number> {
  const { stdout } = await run("ffprobe", [
    ...["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts", "-read_intervals", "%+#1"],
    ...["-of", "csv=p=0", file],
  ]);
  return Number.parseInt(stdout, 10);
}

const datedStart = (tags: string[]) =>
  Date.parse(tags.find((t) => t.startsWith("#EXT-X-PROGRAM-DATE-TIME:"))?.slice(25) ?? "");

describe("the captions writer on a real ffmpeg stream", () => {
  it("writes a WebVTT segment per video segment, with the lines of its picture, and a matching playlist", async () => {
    const dir = await testFilesDir();
    const lines: CaptionLine[] = [];
    const asked: [number, number][] = [];
    const writer = new CaptionsWriter({
      dir,
      videoPlaylist: "live.m3u8",
      lines: async (from, to) => {
        asked.push([from, to]);
        return lines.filter((l) => l.receivedAt >= from && l.receivedAt < to);
      },
      delayMs: 0,
      log: { error: (context, message) => expect.fail(`${message} ${JSON.stringify(context)}`) },
    });
    writer.follow();
    const ffmpeg = new FfmpegRun("ffmpeg", LIVE_ARGS(dir), { stdin: false });
    // Lines arrive while the picture is on air: after ffmpeg listed its first segment (its start
    // takes seconds on a loaded machine).
    await vi.waitFor(() => access(path.join(dir, "live.m3u8")), { timeout: 10_000, interval: 50 });
    lines.push({ seq: 1, text: "Hello <world>", receivedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 700));
    lines.push({ seq: 2, text: "Second line", receivedAt: Date.now() });
    expect(await ffmpeg.exited).toBe(0);
    // A live playlist the writer saw while ffmpeg ran lists the same window, segment for segment.
    const video = await readFile(path.join(dir, "live.m3u8"), "utf8");
    // A segment's WebVTT waits until its picture's end has passed; ffmpeg dates its first segment by
    // when its muxer started, which on a loaded machine can leave the last one's end still ahead.
    const last = parsePlaylist(video).at(-1);
    const lastEnds = last ? datedStart(last.tags) + last.duration * 1000 : 0;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastEnds - Date.now())));
    await writer.update();
    const live = await readFile(path.join(dir, CAPTIONS_PLAYLIST), "utf8");
    expect(live.replaceAll(".vtt", ".ts")).toBe(video);
    await writer.end();

    const files = (await readdir(dir)).filter((f) => f.endsWith(".vtt")).sort();
    expect(files.length).toBeGreaterThanOrEqual(5);
    const segments = parsePlaylist(video);
    const captioned = await Promise.all(
      files.map(async (f) => ({ file: f, text: await readFile(path.join(dir, f), "utf8") })),
    );
    const first = lines[0]?.receivedAt ?? 0;
    const withHello = captioned.filter((c) => c.text.includes("Hello &lt;world&gt;"));
    expect(withHello).toHaveLength(1);
    expect(captioned.filter((c) => c.text.includes("Second line"))).toHaveLength(1);
    // Each segment's cues start inside it: the segment with "Hello" began before the line arrived.
    const helloSegment = withHello[0]?.file.replace(".vtt", ".ts") ?? "";
    const listed = segments.find((s) => s.uri === helloSegment);
    if (listed) {
      const start = datedStart(listed.tags);
      expect(first).toBeGreaterThanOrEqual(start);
      expect(first).toBeLessThan(start + listed.duration * 1000);
    }
    // Every WebVTT's timestamp map is its video segment's first PTS, as ffprobe reads it.
    for (const segment of segments) {
      const vtt = await readFile(path.join(dir, segment.uri.replace(".ts", ".vtt")), "utf8");
      const pts = await probedPts(path.join(dir, segment.uri));
      expect(vtt).toContain(`X-TIMESTAMP-MAP=MPEGTS:${pts},LOCAL:00:00:00.000`);
    }
    expect(asked.length).toBeGreaterThanOrEqual(5);
  }, 20_000);

  it("keeps the recording's captions beside its vod playlist", async () => {
    const dir = await testFilesDir();
    const ffmpeg = new FfmpegRun(
      "ffmpeg",
      LIVE_ARGS(dir)
        .filter((a) => a !== "-re")
        .map((a) => (a === "program_date_time+delete_segments" ? "program_date_time" : a)),
      { stdin: false },
    );
    expect(await ffmpeg.exited).toBe(0);
    // The pipeline's recording lists the same segments (playlists.ts RecordingWriter); ffmpeg's list
    // without deletion stands in for it here.
    const listed = await readFile(path.join(dir, "live.m3u8"), "utf8");
    await writeFile(
      path.join(dir, "vod.m3u8"),
      listed.replace("#EXT-X-MEDIA-SEQUENCE:2", "#EXT-X-MEDIA-SEQUENCE:0"),
    );
    const writer = new CaptionsWriter({
      dir,
      videoPlaylist: "live.m3u8",
      lines: async () => [],
      delayMs: 0,
      log: { error: () => undefined },
    });
    await writer.end();
    const vod = await readFile(path.join(dir, CAPTIONS_VOD_PLAYLIST), "utf8");
    expect(parsePlaylist(vod).map((s) => s.uri)).toEqual(
      parsePlaylist(listed).map((s) => s.uri.replace(".ts", ".vtt")),
    );
  }, 20_000);
});
