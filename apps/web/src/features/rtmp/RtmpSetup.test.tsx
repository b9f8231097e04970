// @vitest-environment happy-dom
import { type LiveStream, RTMP_COPIED_STATE_MS } from "@onstage/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { notFound, renderWithQueries, type StubRequest, stubApi } from "../../testing/apiStub";
import { RtmpSetup } from "./RtmpSetup";

const SESSION = 7;
const GET = `/api/mux/livestream?video_session_id=${SESSION}`;

const CAPTION_URL = "http://onstage.test/api/captions/line?token=secret";

const liveStream = (over: Partial<LiveStream> = {}): LiveStream => ({
  id: "ls-7",
  status: "idle",
  stream_key: "key-one",
  server_url: "rtmp://127.0.0.1:1935/live",
  playback_ids: [],
  show_captions: false,
  captions_available: false,
  ...over,
});

/** A server holding one live stream, changed by the POSTs as the contract says. */
function server(initial: LiveStream | null) {
  let current = initial;
  return stubApi((request: StubRequest) => {
    if (request.path === GET) return current ? { status: 200, body: current } : notFound();
    if (request.path === "/api/mux/livestream/create") {
      current ??= liveStream();
      return { status: 200, body: current };
    }
    if (request.path === "/api/mux/livestream/reset-stream-key" && current) {
      current = { ...current, stream_key: "key-two" };
      return { status: 200, body: current };
    }
    if (request.path === "/api/mux/livestream/toggle-captions" && current) {
      current = { ...current, show_captions: (request.body as { showCaptions: boolean }).showCaptions };
      return { status: 200, body: current };
    }
    if (request.path === "/api/captions/source" && current?.captions_available) {
      return { status: 200, body: { captionUrl: CAPTION_URL } };
    }
    return notFound();
  });
}

describe("RtmpSetup", () => {
  test("a session without a live stream gets one, its key hidden until shown", async () => {
    const api = server(null);
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    const address = await screen.findByLabelText("Server address");
    expect(address).toHaveProperty("value", "rtmp://127.0.0.1:1935/live");
    expect(api.of("POST", "/api/mux/livestream/create")[0]?.body).toEqual({ video_session_id: SESSION });
    const key = screen.getByLabelText("Stream key");
    expect(key).toHaveProperty("type", "password");
    expect(key).toHaveProperty("value", "key-one");
    await userEvent.click(screen.getByRole("button", { name: "Show stream key" }));
    expect(key).toHaveProperty("type", "text");
    await userEvent.click(screen.getByRole("button", { name: "Hide stream key" }));
    expect(key).toHaveProperty("type", "password");
    expect(screen.getByText("Waiting for your encoder…").getAttribute("role")).toBe("status");
  });

  test("the setup's first read opens the stream, so it never meets a 404 (issue 23 §3.4)", async () => {
    const api = server(null);
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    await screen.findByLabelText("Server address");
    expect(api.requests.map((r) => `${r.method} ${r.path}`)[0]).toBe("POST /api/mux/livestream/create");
    expect(api.of("GET", GET)).toEqual([]);
  });

  test("each value copies, and the button reads 'Copied' for RTMP_COPIED_STATE_MS", async () => {
    server(liveStream());
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    await userEvent.click(await screen.findByRole("button", { name: "Copy stream key" }));
    expect(writeText).toHaveBeenCalledWith("key-one");
    const copiedAt = Date.now();
    expect(screen.getByRole("button", { name: "Copied stream key" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy server address" })).toBeTruthy();
    await screen.findByRole("button", { name: "Copy stream key" }, { timeout: RTMP_COPIED_STATE_MS + 1_000 });
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(RTMP_COPIED_STATE_MS - 50);
    await userEvent.click(screen.getByRole("button", { name: "Copy server address" }));
    expect(writeText).toHaveBeenLastCalledWith("rtmp://127.0.0.1:1935/live");
  });

  test("'Rotate key' asks first; confirmed, the new key replaces the old", async () => {
    const api = server(liveStream());
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    await userEvent.click(await screen.findByRole("button", { name: "Rotate key" }));
    const dialog = await screen.findByRole("dialog", { name: "Rotate stream key" });
    expect(dialog.textContent).toContain("Paste the new key into your encoder");
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(api.of("POST", "/api/mux/livestream/reset-stream-key")).toHaveLength(0);
    await userEvent.click(screen.getByRole("button", { name: "Rotate key" }));
    const confirm = await screen.findByRole("dialog", { name: "Rotate stream key" });
    await userEvent.click(
      [...confirm.querySelectorAll("button")].find((b) => b.textContent === "Rotate key") as HTMLElement,
    );
    await waitFor(() => expect(screen.getByLabelText("Stream key")).toHaveProperty("value", "key-two"));
    expect(api.of("POST", "/api/mux/livestream/reset-stream-key")[0]?.body).toEqual({ liveStreamId: "ls-7" });
  });

  test("the captions feature's toggle and caption URL show only when captions are on, once", async () => {
    const off = server(liveStream());
    const { unmount } = renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    await screen.findByLabelText("Server address");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(off.of("POST", "/api/captions/source")).toEqual([]);
    unmount();
    const api = server(liveStream({ captions_available: true }));
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    const captions = await screen.findByRole("checkbox", { name: "Show captions to viewers" });
    expect(screen.getAllByRole("checkbox")).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText("Caption URL")).toHaveProperty("value", CAPTION_URL));
    expect(captions).toHaveProperty("checked", false);
    await userEvent.click(captions);
    await waitFor(() => expect(captions).toHaveProperty("checked", true));
    expect(api.of("POST", "/api/mux/livestream/toggle-captions")[0]?.body).toEqual({
      liveStreamId: "ls-7",
      showCaptions: true,
    });
  });

  test("a refusal shows Retry, which asks again", async () => {
    let fails = true;
    stubApi(() =>
      fails
        ? { status: 403, body: { error: { code: "forbidden", message: "Forbidden" } } }
        : { status: 200, body: liveStream() },
    );
    renderWithQueries(<RtmpSetup sessionId={SESSION} />);
    const retry = await screen.findByRole("button", { name: "Retry" });
    fails = false;
    await userEvent.click(retry);
    expect(await screen.findByLabelText("Server address")).toBeTruthy();
  });
});
