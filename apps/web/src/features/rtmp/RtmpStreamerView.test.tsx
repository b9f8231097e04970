// @vitest-environment happy-dom
import { type LiveStream, TRANSCODER_POLL_MS } from "@onstage/domain";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { notFound, renderWithQueries, stubApi } from "../../testing/apiStub";
import { RtmpStreamerView } from "./RtmpStreamerView";

const SESSION = 7;
const GET = `/api/mux/livestream?video_session_id=${SESSION}`;
/** The setup's first read (it makes the stream on its first call, spec 2 §7); its polls GET it. */
const CREATE = "/api/mux/livestream/create";
const isStreamRead = (path: string) => path === GET || path === CREATE;
const PREVIEW = "/hls/ls-7/preview.m3u8?token=t";

const liveStream = (status: LiveStream["status"]): LiveStream => ({
  id: "ls-7",
  status,
  stream_key: "key-one",
  server_url: "rtmp://127.0.0.1:1935/live",
  playback_ids: [],
  show_captions: false,
  captions_available: false,
});

/** The encoder starts publishing when `publish()` is called; its playlist is written with it. */
function server() {
  let isPublishing = false;
  const api = stubApi((request) => {
    if (isStreamRead(request.path))
      return { status: 200, body: liveStream(isPublishing ? "active" : "idle") };
    if (request.path === "/api/mux/livestream/stream") {
      return {
        status: 200,
        body: { playbackToken: "t", envKey: null, previewUrl: isPublishing ? PREVIEW : null },
      };
    }
    return notFound();
  });
  return {
    ...api,
    publish: () => {
      isPublishing = true;
    },
  };
}

/** Moves the clock past one poll and lets the answers land. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(TRANSCODER_POLL_MS));

afterEach(() => {
  vi.useRealTimers();
});

describe("RtmpStreamerView", () => {
  test("'Waiting for your encoder…' with the server address, until the encoder publishes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = server();
    renderWithQueries(<RtmpStreamerView sessionId={SESSION} isLive={false} />);
    const waiting = await screen.findByRole("region", { name: "Waiting for your encoder…" });
    expect(waiting.textContent).toContain("rtmp://127.0.0.1:1935/live");
    expect(api.of("POST", CREATE)).toHaveLength(1);
    expect(api.of("GET", GET)).toHaveLength(0);
    // Spec 2 §7, §9: polled every TRANSCODER_POLL_MS while not available.
    await nextPoll();
    expect(api.of("GET", GET)).toHaveLength(1);
    expect(api.of("POST", "/api/mux/livestream/stream")).toHaveLength(0);
    api.publish();
    await nextPoll();
    expect(await screen.findByLabelText("Your encoder's stream")).toBeTruthy();
    expect(screen.getByText("PREVIEW")).toBeTruthy();
    expect(api.of("POST", "/api/mux/livestream/stream")[0]?.body).toEqual({
      liveStreamId: "ls-7",
      streamKey: "key-one",
    });
    // Available: the poll stops.
    const polls = api.of("GET", GET).length;
    await nextPoll();
    await nextPoll();
    expect(api.of("GET", GET)).toHaveLength(polls);
  });

  test("while broadcasting, the preview carries the LIVE badge", async () => {
    const api = server();
    api.publish();
    renderWithQueries(<RtmpStreamerView sessionId={SESSION} isLive />);
    expect(await screen.findByLabelText("Your encoder's stream")).toBeTruthy();
    expect(screen.getByText("LIVE")).toBeTruthy();
  });

  test("an active stream without a preview (LiveKit Ingress) says the encoder is connected", async () => {
    stubApi((request) => {
      if (isStreamRead(request.path)) return { status: 200, body: liveStream("active") };
      if (request.path === "/api/mux/livestream/stream") {
        return { status: 200, body: { playbackToken: "t", envKey: null, previewUrl: null } };
      }
      return notFound();
    });
    renderWithQueries(<RtmpStreamerView sessionId={SESSION} isLive={false} />);
    const connected = await screen.findByRole("region", { name: "Your encoder is connected" });
    expect(connected.textContent).toContain("once you go live");
  });
});
