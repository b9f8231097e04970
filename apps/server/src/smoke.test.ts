import { execFile } from "node:child_process";
import { realpath } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import {
  ChatMessageResponse,
  EventPageData,
  HealthResponse,
  LiveStream,
  MeResponse,
  RoomResponse,
  StreamLiveStreamResponse,
  type VideoSessionSummary,
} from "@onstage/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_HOST } from "./features/demo/content";
import { parsePlaylist } from "./media/playlists";
import { REPO_ROOT } from "./paths";
import { freePort } from "./testing/free-port";
import { HttpClient } from "./testing/http-client";
import { until } from "./testing/media";
import { eventually, RealtimeClient } from "./testing/realtime";
import { decode, push } from "./testing/rtmp-encoder";
import { ServerProcess } from "./testing/server-process";

// Issue 23 §4.1: the server as `npm start` runs it, end to end through its public API, under whichever
// Node.js runs this file: Node 20 in `npm test`, and Node 24 after it in .ci/run, which sets
// ONSTAGE_EXPECT_NODE=24 so that a PATH still finding Node 20 fails instead of passing unnoticed.
// The tests run in order, as one visit: the host signs in, a guest registers, then both use the event.

const run = promisify(execFile);
/** How `npm start`'s environment differs from this one: no NODE_ENV (vitest sets "test", which vite reads). */
const NPM_START_ENV = { NODE_ENV: undefined };
/** A demo event open for registration, with a live session and a scheduled RTMP-native one. */
const EVENT_CODE = "summit";

describe(`the compiled server on Node.js ${process.version}`, () => {
  let server: ServerProcess | undefined;
  let url: string;
  let rtmpPort: number;
  let host: HttpClient;
  let guest: HttpClient;
  let eventId: number;
  let sessions: VideoSessionSummary[];
  const session = (title: string) => sessions.find((s) => s.title === title) ?? (null as never);

  beforeAll(async () => {
    const expected = process.env.ONSTAGE_EXPECT_NODE;
    if (expected && !process.version.startsWith(`v${expected}.`)) {
      throw new Error(`ONSTAGE_EXPECT_NODE=${expected}, but this is Node.js ${process.version}`);
    }
    // `npm start`'s first step; a no-op after `npm run build`.
    await run(process.execPath, ["scripts/build-if-stale.mjs"], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...NPM_START_ENV },
    });
    rtmpPort = await freePort();
    server = await ServerProcess.create(
      { ...NPM_START_ENV, RTMP_PORT: String(rtmpPort) },
      { compiled: true },
    );
    await server.start();
    url = server.url;
    host = new HttpClient(url);
    guest = new HttpClient(url);
  }, 180_000);
  afterAll(() => server?.stop());

  test("answers /api/health from the embedded database, running on this Node.js", async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(HealthResponse.parse(await res.json())).toEqual({ status: "ok", database: "pglite" });
    expect(await realpath(`/proc/${server?.pid}/exe`)).toBe(await realpath(process.execPath));
  });

  // The server loads them in this same Node.js (the health test above): built against N-API, they must load
  // without a rebuild on every supported major.
  test("the native addons load: sharp, @node-rs/argon2 and bufferutil's binding (not its JS fallback)", async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(2);
    const argon2 = await import("@node-rs/argon2");
    expect(await argon2.verify(await argon2.hash("smoke"), "smoke")).toBe(true);
    // bufferutil quietly exports its fallback.js (plain JavaScript) when the binding fails to load.
    const require = createRequire(import.meta.url);
    expect(require("bufferutil")).not.toBe(require("bufferutil/fallback"));
  });

  test("the demo host signs in with the password printed at start", async () => {
    const res = await host.post("/api/auth/login", DEMO_HOST);
    expect(res.status).toBe(200);
    expect(MeResponse.parse(await host.get("/api/me").then((r) => r.json())).user?.email).toBe(
      DEMO_HOST.email,
    );
  });

  test("a new person signs up and registers for a demo event", async () => {
    const signUp = await guest.post("/api/auth/signup", {
      email: `smoke-${Date.now()}@example.test`,
      firstName: "Smoke",
      lastName: "Test",
      tosAccepted: true,
    });
    expect(signUp.status).toBe(200);
    const page = EventPageData.parse(
      await guest.get(`/api/events/by-code/${EVENT_CODE}`).then((r) => r.json()),
    );
    eventId = page.event.id;
    sessions = page.sessions;
    expect(page.viewer.isRegistered).toBe(false);
    const res = await guest.post("/api/events/register", { event_id: eventId });
    expect(res.status).toBe(201);
    const after = EventPageData.parse(
      await guest.get(`/api/events/by-code/${EVENT_CODE}`).then((r) => r.json()),
    );
    expect(after.viewer.isRegistered).toBe(true);
  });

  test("a chat message the host posts reaches the guest's realtime subscription", async () => {
    const live = session("Live production workshop");
    const room = RoomResponse.parse(
      await guest.get(`/api/video-session/room?video_session_id=${live.id}`).then((r) => r.json()),
    );
    const chat = room.chats.find((c) => c.chatType === "public") ?? (null as never);
    const socket = await RealtimeClient.connect(url, {
      cookie: guest.cookieHeader,
      origin: url,
    });
    try {
      const topic = `chat:${chat.id}`;
      await socket.subscribedAt(topic);
      const sent = await host.post("/api/chat/messages", {
        chat_id: chat.id,
        message: "Hello from the smoke test",
      });
      expect(sent.status).toBe(201);
      const { message } = ChatMessageResponse.parse(await sent.json());
      await eventually("the message on the guest's socket", () =>
        (socket.applied.get(topic) ?? []).some((m) => (m.payload as { id?: number }).id === message.id),
      );
    } finally {
      socket.close();
    }
  });

  // The first encoder also starts the ingest process (issue 14 §5): slow on a busy machine.
  test("an encoder's RTMP stream comes out of ffmpeg as HLS the host can play", async () => {
    const panel = session("Closing panel");
    const moved = await host.post("/api/video-session/update-video-session", {
      video_session_id: panel.id,
      event_id: eventId,
      video_session_state: "greenroom",
    });
    expect(moved.status).toBe(200);
    const stream = LiveStream.parse(
      await host.post("/api/mux/livestream/create", { video_session_id: panel.id }).then((r) => r.json()),
    );
    const encoder = push(rtmpPort, stream.stream_key, 30);
    try {
      // An encoder the ingest refuses ends at once: say so rather than wait out the preview.
      let ended: Error | undefined;
      void encoder.exited.then((code) => {
        ended = new Error(`the encoder ended (exit code ${code}) before its preview`);
      });
      const previewUrl = await until<string | Error>("the preview", async () => {
        if (ended) return ended;
        const res = await host.post("/api/mux/livestream/stream", {
          liveStreamId: stream.id,
          streamKey: stream.stream_key,
        });
        return StreamLiveStreamResponse.parse(await res.json()).previewUrl;
      });
      if (previewUrl instanceof Error) throw previewUrl;
      const masterUrl = new URL(previewUrl, url);
      const master = await until("the master playlist", () => text(masterUrl));
      const variantUrl = new URL(
        master.split("\n").find((line) => line && !line.startsWith("#")) ?? "",
        masterUrl,
      );
      const [segment] = await until("a segment", async () => {
        const listed = parsePlaylist((await text(variantUrl)) ?? "");
        return listed.length > 0 && listed;
      });
      const res = await fetch(new URL(segment?.uri ?? "", variantUrl));
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(await decode(bytes)).toEqual({ width: 640, height: 360 });
    } finally {
      encoder.stop();
    }
  }, 60_000);
});

/** A 200 answer's text, else null (not written yet). */
async function text(at: URL): Promise<string | null> {
  const res = await fetch(at);
  return res.ok ? res.text() : null;
}
