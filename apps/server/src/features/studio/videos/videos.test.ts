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
import { errorCode, roleMatrixClients, roomScene, topicMessages } from "../../../testing/room-scene";

// Issue 25 §2: a video uploaded, prepared by the job (a webm transcoded to H.264/AAC MP4), shown on the
// program scene, played, paused and sought with a state every viewer follows; by every role, both engines.

const run = promisify(execFile);
let webm = Buffer.alloc(0);
let work = "";

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "onstage-video-test-"));
  const out = path.join(work, "clip.webm");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15:duration=2"],
    ...["-f", "lavfi", "-i", "sine=frequency=3000:duration=2"],
    ...["-c:v", "libvpx", "-b:v", "200k", "-c:a", "libopus", "-shortest", out],
  ]);
  webm = await readFile(out);
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describeOnEachDatabase("video shares", (use) => {
  const app = useTestApp(use);

  const upload = (client: TestClient, sessionId: number, name: string, bytes: Buffer, type = "video/webm") =>
    client.request(
      "POST",
      `/api/video-shares/upload?video_session_id=${sessionId}`,
      multipart("file", name, type, bytes),
    );
  const update = (client: TestClient, id: number, data: Record<string, unknown>) =>
    client.post("/api/video-shares/update", { video_share_id: id, data });

  /** A video uploaded and prepared in the room scene's live session, by its host. */
  async function prepared(name = "Teaser.webm") {
    const s = await roomScene(app().server, use());
    const host = s.people.host.client;
    const res = await upload(host, s.session, name, webm);
    expect(res.statusCode).toBe(200);
    const { videoShare } = res.json() as { videoShare: { id: number } };
    const list = async () =>
      (await host.get(`/api/video-shares?video_session_id=${s.session}`)).json().videoShares as {
        id: number;
        title: string;
        preparation: { state: string; durationMs: number; progress: number; error: string | null };
      }[];
    await eventually(
      async () => (await list()).every((v) => !["pending", "preparing"].includes(v.preparation.state)),
      60_000,
    );
    return { ...s, host, id: videoShare.id, list };
  }

  const studioOf = async (client: TestClient, sessionId: number) =>
    (await client.get(`/api/video-session/studio?video_session_id=${sessionId}`)).json();

  test("a webm is transcoded to an H.264/AAC MP4; shown, it plays for everyone from 0; pause and seek are everyone's", async () => {
    const s = await prepared();
    const [video] = await s.list();
    expect(video).toMatchObject({
      title: "Teaser",
      preparation: { state: "ready", progress: 1, error: null },
    });
    expect(Math.abs((video?.preparation.durationMs ?? 0) - 2000)).toBeLessThan(150);

    const before = (await topicMessages(use(), s.topics.session)).length;
    expect((await update(s.host, s.id, { is_active: true })).statusCode).toBe(200);
    const onAir = (await studioOf(s.people.guest.client, s.session)).video;
    expect(onAir).toMatchObject({ id: s.id, state: { status: "playing", position: 0 } });
    const file = await s.people.guest.client.get(new URL(onAir.url, "http://x").pathname);
    expect([file.statusCode, file.headers["content-type"]]).toEqual([200, "video/mp4"]);
    const stored = path.join(work, "stored.mp4");
    await import("node:fs/promises").then((fs) => fs.writeFile(stored, file.rawPayload));
    const { stdout } = await run("ffprobe", [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_name",
      "-of",
      "csv=p=0",
      stored,
    ]);
    expect(stdout.trim().split("\n").sort()).toEqual(["aac", "h264"]);

    await update(s.host, s.id, { state: { status: "paused", position: 1.25 } });
    expect((await studioOf(s.people.guest.client, s.session)).video.state).toMatchObject({
      status: "paused",
      position: 1.25,
    });
    // A seek past the end stays at the end.
    await update(s.host, s.id, { state: { status: "playing", position: 99 } });
    expect((await studioOf(s.people.guest.client, s.session)).video.state.position).toBeCloseTo(
      onAir.durationMs / 1000,
    );
    const told = (await topicMessages(use(), s.topics.session)).slice(before).map((m) => m.event);
    expect(told).toEqual(["studio.changed", "studio.changed", "studio.changed"]);

    await update(s.host, s.id, { is_active: false });
    expect((await studioOf(s.people.guest.client, s.session)).video).toBeNull();
    expect((await update(s.host, s.id, { title: " " })).json().error.message).toBe("Please enter a name");
    expect((await s.host.post("/api/video-shares/delete", { id: s.id })).statusCode).toBe(200);
    expect((await s.people.guest.client.get(new URL(onAir.url, "http://x").pathname)).statusCode).toBe(404);
  });

  test("refusals: a type outside mp4, mov, webm; a file that is not a video fails its preparation; not ready cannot be shown", async () => {
    const s = await prepared();
    const gif = await upload(s.host, s.session, "anim.gif", Buffer.from("GIF89a"), "image/gif");
    expect([gif.statusCode, gif.json().error.message]).toEqual([
      400,
      "Only mp4, mov and webm videos can be uploaded",
    ]);
    const fake = await upload(s.host, s.session, "fake.mp4", Buffer.from("not a video at all"), "video/mp4");
    const fakeId = fake.json().videoShare.id as number;
    await eventually(
      async () => (await s.list()).some((v) => v.id === fakeId && v.preparation.state === "failed"),
      30_000,
    );
    const failed = (await s.list()).find((v) => v.id === fakeId);
    expect(failed?.preparation.error).toBeTruthy();
    expect(errorCode(await update(s.host, fakeId, { is_active: true }))).toBe("video_share_not_ready");
  });

  test.each([
    { who: "owner", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "member", status: 403 },
    { who: "speaker", status: 403 },
    { who: "guest", status: 403 },
    { who: "banned", status: 403 },
    { who: "visitor", status: 401 },
  ])("$who: list, show, play, rename, delete → $status", async ({ who, status }) => {
    const s = await prepared();
    const client = (await roleMatrixClients(s, "admin"))(who);
    const answers = [
      (await client.get(`/api/video-shares?video_session_id=${s.session}`)).statusCode,
      (await update(client, s.id, { is_active: true })).statusCode,
      (await update(client, s.id, { state: { status: "paused", position: 1 } })).statusCode,
      (await update(client, s.id, { title: "Mine" })).statusCode,
      (await client.post("/api/video-shares/delete", { id: s.id })).statusCode,
    ];
    expect(answers).toEqual(answers.map(() => status));
  });
});
