import { viewerFlags } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { compositorSocketUrl, pickRecorderMimeType, reconnectDelayMs } from "./sendProgramFeed";
import { shouldSendProgramFeed } from "./useProgramFeed";

describe("shouldSendProgramFeed", () => {
  const host = viewerFlags({ userId: 1, eventRole: "host", orgRole: null }, 5);
  const moderator = viewerFlags({ userId: 2, eventRole: "moderator", orgRole: null }, 5);
  test.each([
    ["host, countdown", host, "broadcasting", "countdown", true],
    ["host, recording", host, "broadcasting", "recording", true],
    ["host, streaming", host, "broadcasting", "streaming", true],
    ["host, no stream yet", host, "broadcasting", null, false],
    ["host, stream ended", host, "broadcasting", "ended", false],
    ["host, greenroom", host, "greenroom", null, false],
    ["moderator, streaming", moderator, "broadcasting", "streaming", false],
  ] as const)("%s → %s", (_name, flags, sessionState, streamState, want) => {
    expect(
      shouldSendProgramFeed({
        flags,
        broadcastType: "webrtc",
        sessionState,
        streamState,
        compositor: "browser",
        page: "studio",
      }),
    ).toBe(want);
  });
  test.each([
    ["browser", "studio", true],
    ["browser", "recorder", false],
    ["server", "studio", false],
    ["server", "recorder", true],
    [null, "studio", false],
    [null, "recorder", false],
  ] as const)("COMPOSITOR=%s: the %s page sends → %s", (compositor, page, want) => {
    const live = {
      flags: host,
      broadcastType: "webrtc",
      sessionState: "broadcasting",
      streamState: "streaming",
    } as const;
    expect(shouldSendProgramFeed({ ...live, compositor, page })).toBe(want);
  });
  test.each([
    ["rtmp", "browser", "studio"],
    ["rtmp-native", "server", "recorder"],
  ] as const)(
    "an %s broadcast sends no program: the encoder is the source",
    (broadcastType, compositor, page) => {
      const live = { flags: host, sessionState: "broadcasting", streamState: "streaming" } as const;
      expect(shouldSendProgramFeed({ ...live, broadcastType, compositor, page })).toBe(false);
    },
  );
});

describe("the compositor connection", () => {
  test("H.264 when the recorder has it, else VP8", () => {
    expect(pickRecorderMimeType(() => true)).toBe("video/webm;codecs=h264,opus");
    expect(pickRecorderMimeType((type) => type.includes("vp8"))).toBe("video/webm;codecs=vp8,opus");
  });
  test("the socket follows the page's scheme", () => {
    expect(compositorSocketUrl({ protocol: "https:", host: "live.example" }, 7)).toBe(
      "wss://live.example/api/compositor?video_session_id=7",
    );
    expect(compositorSocketUrl({ protocol: "http:", host: "127.0.0.1:3000" }, 7)).toBe(
      "ws://127.0.0.1:3000/api/compositor?video_session_id=7",
    );
  });
  test("reconnects after 1, 2, 4, 8, then every 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });
});
