import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type App, buildApp } from "../../app";
import { LIVE_PLAYLIST, VOD_PLAYLIST } from "../../media/ffmpeg-args";
import { streamDir } from "../../media/hls-paths";
import { parsePlaylist } from "../../media/playlists";
import { locateChromium } from "../../platform/chromium/locate";
import { testFilesDir } from "../../testing/app";
import { freshDatabase } from "../../testing/databases";
import { freePort } from "../../testing/free-port";
import { eventually } from "../../testing/realtime";
import { clientOf, type RoomScene, roomScene } from "../../testing/room-scene";

// COMPOSITOR=server end to end: the host goes live with no tab open, the server's own Chromium opens
// the recorder view and composes the feed, ffmpeg writes HLS; End live takes the browser away. Needs
// the web bundle (npm run build), Debian's Chromium and ffmpeg; one composited feed.

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../web/dist");
const UPDATE = "/api/video-session/update-video-session";

/** The Chromium processes this test process started (Playwright spawns them as its children). */
async function chromiumChildren(): Promise<number[]> {
  const { stdout } = await promisify(execFile)("ps", [
    "-o",
    "pid=,comm=",
    "--ppid",
    String(process.pid),
  ]).catch(() => ({ stdout: "" }));
  return stdout
    .split("\n")
    .filter((line) => line.includes("chrom"))
    .map((line) => Number.parseInt(line, 10));
}

describe("COMPOSITOR=server", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App | undefined;
  let startApp: () => Promise<App>;
  let mediaDir: string;
  let scene: RoomScene;

  beforeAll(async () => {
    const chromiumPath = await locateChromium(process.env.CHROMIUM_PATH);
    if (!chromiumPath) throw new Error("no Chromium (CHROMIUM_PATH or chromium on PATH)");
    database = await freshDatabase("postgres");
    mediaDir = await testFilesDir();
    const port = await freePort();
    const filesDir = await testFilesDir();
    startApp = async () => {
      const started = await buildApp({
        db: database.db,
        publicUrl: `http://127.0.0.1:${port}`,
        webDist: WEB_DIST,
        filesDir,
        mediaDir,
        serverCompositor: { chromiumPath },
      });
      await started.server.listen({ port, host: "127.0.0.1" });
      return started;
    };
    app = await startApp();
    scene = await roomScene(app.server, database.db, { session: { state: "greenroom" } });
  });
  afterAll(async () => {
    await app?.server.close();
    await database?.drop();
  });

  test("going live composes the feed in the server's Chromium, no host tab open; End live stops it", async () => {
    const body = { video_session_id: scene.session, event_id: scene.event };
    const host = scene.people.host.client;
    const live = await host.post(UPDATE, {
      ...body,
      video_session_state: "broadcasting",
      is_recording: true,
    });
    expect(live.statusCode).toBe(200);
    const dir = streamDir(mediaDir, scene.session, live.json().stream.id);
    const segments = async (file: string) =>
      parsePlaylist(await readFile(path.join(dir, file), "utf8").catch(() => ""));
    /** ffmpeg runs so far, from the whole recording: each starts after a discontinuity. */
    const runs = async () => (await segments(VOD_PLAYLIST)).filter((segment) => segment.discontinuity).length;
    await eventually(
      "segments in the live playlist",
      async () => (await segments(LIVE_PLAYLIST)).length >= 3,
      60_000,
    );
    const [first] = await chromiumChildren();
    if (first === undefined) throw new Error("no Chromium runs the recorder");
    const playback = async () =>
      (await host.get(`/api/video-session/playback?video_session_id=${scene.session}`)).json();
    expect((await playback()).compositor).toBe("server");
    // On air once the countdown is over: the feed's first playlist came from the recorder.
    await eventually("on air", async () => (await playback()).stream?.activeState === "recording", 15_000);

    // A crashed browser is restarted: the slate, then the new recorder's feed.
    const beforeCrash = await runs();
    process.kill(first, "SIGKILL");
    await eventually("the new recorder's feed", async () => (await runs()) >= beforeCrash + 2, 45_000);
    expect(await chromiumChildren()).not.toContain(first);

    // The server stops: its browser goes. Started again mid-broadcast, the recorder comes back.
    await app?.server.close();
    expect(await chromiumChildren()).toEqual([]);
    const beforeRestart = await runs();
    app = await startApp();
    await eventually("the resumed recorder's feed", async () => (await runs()) > beforeRestart, 45_000);

    // The recorder is nobody in the audience.
    const attendance = "SELECT 1 FROM video_session_users WHERE video_session_id = $1";
    expect(await database.db.query(attendance, [scene.session])).toEqual([]);

    const restartedHost = await clientOf(app.server, database.db, scene.people.host.userId);
    const end = await restartedHost.post(UPDATE, { ...body, video_session_state: "postevent" });
    expect(end.statusCode).toBe(200);
    await eventually("the browser is gone", async () => (await chromiumChildren()).length === 0, 15_000);
    expect(await database.db.query("SELECT 1 FROM recorder_credentials")).toEqual([]);
  }, 180_000);
});
