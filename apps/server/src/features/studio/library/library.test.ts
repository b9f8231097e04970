import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import type { TestClient } from "../../../testing/client";
import { describeOnEachDatabase } from "../../../testing/databases";
import { multipart } from "../../../testing/images";
import { eventually } from "../../../testing/payments";
import { roomScene } from "../../../testing/room-scene";
import { pagesPdf } from "../../../testing/slides/pdf-writer";

// Spec 3 §3: a template keeps the session's videos and decks (copies sharing the stored files); applied
// to another session it adds them there; files leave storage once no session or template refers to them.

const run = promisify(execFile);
let mp4 = Buffer.alloc(0);
let work = "";

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "onstage-library-test-"));
  const out = path.join(work, "clip.mp4");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=1"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", out],
  ]);
  mp4 = await readFile(out);
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describeOnEachDatabase("templates with videos and decks", (use) => {
  const app = useTestApp(use);

  async function stocked() {
    const s = await roomScene(app().server, use());
    const host = s.people.host.client;
    const pdf = await host.request(
      "POST",
      `/api/file-presentations/upload?video_session_id=${s.session}`,
      multipart("file", "deck.pdf", "application/pdf", pagesPdf(2)),
    );
    await host.post("/api/file-convert", {
      fileUrl: pdf.json().fileUrl,
      video_session_id: s.session,
      org_id: s.channel,
      event_id: s.event,
      file_name: "Deck.pdf",
    });
    await host.request(
      "POST",
      `/api/video-shares/upload?video_session_id=${s.session}`,
      multipart("file", "Intro.mp4", "video/mp4", mp4),
    );
    const ready = async (sessionId: number) => {
      const decks = (await host.get(`/api/file-presentations?video_session_id=${sessionId}`)).json()
        .presentations;
      const videos = (await host.get(`/api/video-shares?video_session_id=${sessionId}`)).json().videoShares;
      return { decks, videos };
    };
    await eventually(async () => {
      const { decks, videos } = await ready(s.session);
      return decks[0]?.conversion.state === "ready" && videos[0]?.preparation.state === "ready";
    }, 60_000);
    return { ...s, host, ready };
  }

  const studio = async (client: TestClient, sessionId: number) =>
    (await client.get(`/api/video-session/studio?video_session_id=${sessionId}`)).json();
  const status = async (client: TestClient, url: string) =>
    (await client.get(new URL(url, "http://x").pathname)).statusCode;

  test("saved, applied elsewhere and deleted: the files stay while anything refers to them", async () => {
    const s = await stocked();
    const saved = await s.host.post("/api/themes/save", {
      video_session_id: s.session,
      description: "Launch kit",
    });
    expect(saved.json().theme).toMatchObject({
      videos: [{ title: "Intro", order: 1 }],
      files: [{ displayname: "Deck", order: 1 }],
    });
    const themeId = saved.json().theme.id as number;

    // Shown once to learn the stored files' addresses.
    const { decks, videos } = await s.ready(s.session);
    await s.host.post("/api/file-presentations/update", {
      file_presentation_id: decks[0].id,
      data: { is_active: true },
    });
    await s.host.post("/api/video-shares/update", {
      video_share_id: videos[0].id,
      data: { is_active: true },
    });
    const onAir = await studio(s.host, s.session);
    const page = onAir.slides.pageUrls[0] as string;
    const video = onAir.video.url as string;

    // The session's own copies deleted: the template still refers to the files.
    await s.host.post("/api/file-presentations/delete", { id: decks[0].id });
    await s.host.post("/api/video-shares/delete", { id: videos[0].id });
    expect([await status(s.host, page), await status(s.host, video)]).toEqual([200, 200]);

    // Applied to the other session: the deck and the video are there, ready, and play.
    await s.host.post("/api/themes/apply", { theme_id: themeId, video_session_id: s.otherSession });
    const other = await s.ready(s.otherSession);
    expect(other.decks).toMatchObject([
      { displayname: "Deck", conversion: { state: "ready", pageCount: 2 } },
    ]);
    expect(other.videos).toMatchObject([{ title: "Intro", preparation: { state: "ready" } }]);
    // Applying again adds nothing twice.
    await s.host.post("/api/themes/apply", { theme_id: themeId, video_session_id: s.otherSession });
    expect((await s.ready(s.otherSession)).decks).toHaveLength(1);

    // The template deleted: the other session's copies still hold the files; deleted too, they go.
    await s.host.post("/api/themes/delete", { theme_id: themeId, video_session_id: s.session });
    expect([await status(s.host, page), await status(s.host, video)]).toEqual([200, 200]);
    await s.host.post("/api/file-presentations/delete", { id: other.decks[0].id });
    await s.host.post("/api/video-shares/delete", { id: other.videos[0].id });
    expect([await status(s.host, page), await status(s.host, video)]).toEqual([404, 404]);
  });
});
