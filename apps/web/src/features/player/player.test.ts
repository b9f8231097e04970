import {
  VIDEO_BACK_BUFFER_SECONDS,
  VIDEO_LIVE_BACK_BUFFER_SECONDS,
  VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS,
} from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { clipStartTime, hlsConfig, isLowLatencyPlaylist, refreshedRequestUrl } from "./hlsConfig";
import { isFatalMediaError, mediaErrorMeaning } from "./mediaErrors";
import { playbackRefreshMs } from "./playbackApi";

describe("hlsConfig", () => {
  test("live follows the measured low-latency settings with the live back buffer", () => {
    expect(hlsConfig({ kind: "live", lowLatency: false, startAt: 0 })).toEqual({
      lowLatencyMode: true,
      liveSyncDurationCount: 2,
      liveMaxLatencyDurationCount: 4,
      maxLiveSyncPlaybackRate: 1.5,
      backBufferLength: VIDEO_LIVE_BACK_BUFFER_SECONDS,
    });
    // On LL-HLS the playlist's PART-HOLD-BACK sets the latency: no segment-count setting overrides it.
    expect(hlsConfig({ kind: "live", lowLatency: true, startAt: 0 })).toEqual({
      lowLatencyMode: true,
      maxLiveSyncPlaybackRate: 1.5,
      backBufferLength: VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS,
    });
  });
  test.each([
    ["/media/t/sessions/1/streams/2/ll.m3u8", true],
    ["https://cdn.example/media/t/sessions/1/streams/2/ll.m3u8?x=1", true],
    ["/media/t/sessions/1/streams/2/live.m3u8", false],
    ["/media/t/sessions/1/streams/2/ll-master.m3u8", true],
    ["/media/t/sessions/1/streams/2/master.m3u8", false],
    ["/media/t/sessions/1/streams/2/all-master.m3u8", false],
    ["/media/t/sessions/1/streams/2/all.m3u8", false],
  ])("%s is a low-latency playlist: %s", (url, is) => {
    expect(isLowLatencyPlaylist(url)).toBe(is);
  });
  test("a replay starts at the clip start with the VOD back buffer", () => {
    expect(hlsConfig({ kind: "vod", lowLatency: false, startAt: 20 })).toEqual({
      backBufferLength: VIDEO_BACK_BUFFER_SECONDS,
      startPosition: 20,
    });
  });
  test.each([
    [null, 0],
    ["20", 20],
    ["12.5", 12.5],
    ["-3", 0],
    ["abc", 0],
    ["", 0],
  ])("clip_start_time=%s → %s", (param, seconds) => {
    expect(clipStartTime(param)).toBe(seconds);
  });
});

describe("media errors (spec 2 §8)", () => {
  test.each([
    [1, "aborted", false],
    [2, "network", true],
    [3, "decode", true],
    [4, "unsupported source", true],
    [5, "encrypted", true],
  ])("%i is %s, fatal: %s", (code, meaning, fatal) => {
    expect(mediaErrorMeaning(code)).toBe(meaning);
    expect(isFatalMediaError(code)).toBe(fatal);
  });
});

describe("playbackRefreshMs", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  test("a minute before the signed URLs expire", () => {
    expect(playbackRefreshMs("2026-01-01T00:10:00Z", now)).toBe(9 * 60_000);
  });
  test("never sooner than 5 s, even for an expired answer", () => {
    expect(playbackRefreshMs("2025-12-31T23:00:00Z", now)).toBe(5_000);
  });
});

describe("refreshedRequestUrl", () => {
  const started = "https://cdn.example/hls/tok-1/session-4/live/index.m3u8";
  const latest = "https://cdn.example/hls/tok-2/session-4/live/index.m3u8";
  test("a segment of the old token moves to the new one", () => {
    expect(
      refreshedRequestUrl("https://cdn.example/hls/tok-1/session-4/live/seg12.ts", started, latest),
    ).toBe("https://cdn.example/hls/tok-2/session-4/live/seg12.ts");
  });
  test("nothing to do before a refresh, or for another address", () => {
    expect(refreshedRequestUrl(`${started}`, started, started)).toBeNull();
    expect(refreshedRequestUrl("https://elsewhere.example/a.ts", started, latest)).toBeNull();
  });
});
