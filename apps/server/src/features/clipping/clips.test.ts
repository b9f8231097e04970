import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Clip, ClipsResponse } from "@onstage/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { streamDir, unsignedUrl } from "../../media/hls-paths";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { eventually } from "../../testing/payments";
import {
  errorCode,
  type RoomScene,
  roleMatrixClients,
  roomScene,
  topicMessages,
} from "../../testing/room-scene";
import { recordHls } from "../../testing/videos/recording";
import { clipSlug, downloadName } from "./clips-service";

// Issue 26 §1-§3 on both engines: a clip of a session's recording cut by the job into an MP4 and a
// thumbnail, announced to the session; every refusal; the role matrix of rename, delete, download and
// analytics; views once per viewer per hour, registrations from the clip page.

const run = promisify(execFile);
let recording = "";
let mediaDir = "";
let now = new Date("2026-11-20T12:00:00Z");

beforeAll(async () => {
  recording = await mkdtemp(path.join(tmpdir(), "onstage-clips-recording-"));
  mediaDir = await mkdtemp(path.join(tmpdir(), "onstage-clips-media-"));
  await recordHls(recording, 30);
}, 60_000);
afterAll(async () => {
  await rm(recording, { recursive: true, force: true });
  await rm(mediaDir, { recursive: true, force: true });
});

const durationOf = async (file: string) =>
  Number(
    (
      await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file])
    ).stdout.trim(),
  );

describeOnEachDatabase("clips", (use) => {
  const app = useTestApp(use, { mediaDir: () => mediaDir, clock: () => now });

  /** The session recorded (30 s on disk where the program feed writes), live and recording unless told. */
  async function recorded(s: RoomScene, sessionId = s.session, stream: Record<string, unknown> = {}) {
    const [row] = await use().query<{ id: number }>(
      `INSERT INTO video_session_streams (video_session_id, active_state, is_recording, broadcast_started_at)
       VALUES ($1, $2, $3, now()) RETURNING id::int`,
      [sessionId, stream.active_state ?? "recording", stream.is_recording ?? true],
    );
    const streamId = row?.id ?? 0;
    await use().query("UPDATE video_session_streams SET vod_playback_url = $2 WHERE id = $1", [
      streamId,
      unsignedUrl(sessionId, streamId, "vod.m3u8"),
    ]);
    await cp(recording, streamDir(mediaDir, sessionId, streamId), { recursive: true });
    return streamId;
  }
  const create = (client: TestClient, s: RoomScene, fields: Record<string, unknown> = {}) =>
    client.post("/api/clips", {
      video_session_id: s.session,
      event_id: s.event,
      title: "Best moment",
      start_time: 5,
      end_time: 25,
      ...fields,
    });
  const list = async (client: TestClient, sessionId: number) =>
    (await client.get(`/api/clips?video_session_id=${sessionId}`)).json() as ClipsResponse;
  const cut = async (client: TestClient, sessionId: number, id: number) => {
    await eventually(async () => {
      const clip = (await list(client, sessionId)).clips.find((c) => c.id === id);
      return clip?.render.state === "ready" || clip?.render.state === "failed";
    }, 30_000);
    const clip = (await list(client, sessionId)).clips.find((c) => c.id === id);
    if (!clip) throw new Error("clip gone");
    return clip;
  };
  const endSession = (s: RoomScene) =>
    use().query("UPDATE video_sessions SET state = 'ended' WHERE id = $1", [s.session]);

  test("a host clips 20 s of the live recording: the job cuts an MP4 of that length and a thumbnail; the session hears each step", async () => {
    const s = await roomScene(app().server, use());
    await recorded(s);
    const res = await create(s.people.host.client, s, { title: "  Best moment  " });
    expect(res.statusCode).toBe(200);
    const made = (res.json() as { clip: Clip }).clip;
    expect(made).toMatchObject({
      title: "Best moment",
      startTime: 5,
      endTime: 25,
      user: { id: s.people.host.userId },
      render: { state: "pending" },
      videoUrl: null,
    });
    expect(made.slug).toMatch(/^best-moment-[0-9a-f]{12}$/);
    const clip = await cut(s.people.guest.client, s.session, made.id);
    expect(clip.render).toEqual({ state: "ready", progress: 1, error: null });
    const video = await app().server.inject({ method: "GET", url: clip.videoUrl ?? "" });
    expect(video.statusCode).toBe(200);
    const file = path.join(recording, "..", `${clip.slug}.mp4`);
    await import("node:fs/promises").then((fs) => fs.writeFile(file, video.rawPayload));
    // A stream copy starts on the keyframe at or before 5 s: each second here.
    expect(Math.abs((await durationOf(file)) - 20)).toBeLessThan(0.2);
    await rm(file);
    const thumbnail = await app().server.inject({ method: "GET", url: clip.thumbnailUrl ?? "" });
    expect(thumbnail.rawPayload.subarray(0, 2).toString("hex")).toBe("ffd8");
    const changes = (await topicMessages(use(), s.topics.session)).filter((m) => m.table_name === "clips");
    expect(changes[0]?.event).toBe("INSERT");
    expect(changes.at(-1)).toMatchObject({ event: "UPDATE", payload: { render: { state: "ready" } } });
    expect(JSON.stringify(changes)).not.toContain("views");
  }, 60_000);

  test("bounds: clamped to 60 s and to the recording; a start past it, under a second, or no title is refused", async () => {
    const s = await roomScene(app().server, use());
    await recorded(s);
    const host = s.people.host.client;
    const long = (await create(host, s, { start_time: 0, end_time: 90 })).json() as { clip: Clip };
    expect([long.clip.startTime, long.clip.endTime]).toEqual([0, 30]);
    await use().query("DELETE FROM audience_rate_windows");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ start_time: 30, end_time: 40 }, 400, "clip_out_of_range"],
      [{ start_time: 29.5, end_time: 40 }, 400, "clip_too_short"],
      [{ start_time: 10, end_time: 10.5 }, 400, "clip_too_short"],
      [{ title: "   " }, 400, "clip_title_required"],
      [{ title: "x".repeat(121) }, 400, "invalid_request"],
      [{ start_time: -1 }, 400, "invalid_request"],
      [{ event_id: s.g && (await s.g.event(s.channel)) }, 404, "session_not_found"],
    ];
    for (const [fields, status, code] of cases) {
      const res = await create(host, s, fields);
      expect([res.statusCode, errorCode(res)], JSON.stringify(fields)).toEqual([status, code]);
    }
    expect((await list(host, s.session)).clips).toHaveLength(1);
  });

  test("who may clip: the team while live; guests once it ended, not private, clipping on; never RTMP or unrecorded", async () => {
    const s = await roomScene(app().server, use());
    const guest = s.people.guest.client;
    expect(errorCode(await create(s.people.host.client, s))).toBe("not_recording");
    const stream = await recorded(s);
    expect(errorCode(await create(guest, s))).toBe("clips_after_session");
    expect((await create(s.visitor, s)).statusCode).toBe(401);
    expect((await create(s.people.outsider.client, s)).statusCode).toBe(403);
    await use().query("UPDATE video_session_streams SET is_recording = false WHERE id = $1", [stream]);
    const paused = await create(s.people.host.client, s);
    expect([paused.statusCode, paused.json().error.message]).toEqual([
      400,
      "Clipping is disabled when not recording",
    ]);
    await use().query("UPDATE video_session_streams SET active_state = 'ended' WHERE id = $1", [stream]);
    await endSession(s);
    expect((await create(guest, s)).statusCode).toBe(200);
    await use().query("UPDATE events SET disable_clipping = true WHERE id = $1", [s.event]);
    expect(errorCode(await create(guest, s))).toBe("clipping_disabled");
    expect((await create(s.people.moderator.client, s)).statusCode).toBe(200);
    await use().query("UPDATE events SET disable_clipping = false, private = true WHERE id = $1", [s.event]);
    expect(errorCode(await create(guest, s))).toBe("clips_private_event");
    await use().query("UPDATE video_sessions SET broadcast_type = 'rtmp' WHERE id = $1", [s.session]);
    const rtmp = await create(s.people.host.client, s);
    expect(rtmp.json().error.message).toBe("Clipping is currently not supported in RTMP mode");
  });

  test("a cut that cannot be made fails with why: a missing segment, a ladder without its rendition", async () => {
    const s = await roomScene(app().server, use());
    const stream = await recorded(s);
    const dir = streamDir(mediaDir, s.session, stream);
    await rm(path.join(dir, "seg012.ts"));
    const host = s.people.host.client;
    const gap = ((await create(host, s, { start_time: 10, end_time: 15 })).json() as { clip: Clip }).clip;
    expect((await cut(host, s.session, gap.id)).render).toEqual({
      state: "failed",
      progress: 0,
      error: "A part of the recording in this range is missing.",
    });
    await writeFile(
      path.join(dir, "vod.m3u8"),
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1920x1080\n1080p/vod.m3u8\n",
    );
    const ladder = (
      (await create(host, s, { start_time: 1, end_time: 5 })).json() as { error: { code: string } }
    ).error;
    expect(ladder).toEqual({ code: "no_variant", message: "No 1080p variant found in playlist" });
  });

  test("five clips a minute per person and session, then 429", async () => {
    const s = await roomScene(app().server, use());
    await recorded(s);
    for (let i = 0; i < 5; i++) expect((await create(s.people.host.client, s)).statusCode).toBe(200);
    expect((await create(s.people.host.client, s)).statusCode).toBe(429);
    expect((await list(s.people.host.client, s.session)).clips).toHaveLength(5);
  });

  describe("a guest's clip after the end", () => {
    let s: RoomScene;
    let clip: Clip;
    let who: (name: string) => TestClient;
    beforeAll(async () => {
      s = await roomScene(app().server, use());
      await recorded(s, s.session, { active_state: "ended" });
      await endSession(s);
      const res = await create(s.people.guest.client, s, { title: 'My "best" / moment' });
      clip = await cut(s.people.guest.client, s.session, (res.json() as { clip: Clip }).clip.id);
      who = await roleMatrixClients(s, "guest");
    }, 60_000);

    test.each([
      // [who, download/rename/delete, analytics]
      ["guest", 200, 403],
      ["otherGuest", 403, 403],
      ["speaker", 403, 403],
      ["moderator", 403, 403],
      ["host", 200, 403],
      ["member", 403, 200],
      ["owner", 200, 200],
      ["channelAdmin", 200, 200],
      ["eventAdmin", 200, 200],
      ["outsider", 403, 403],
      ["banned", 403, 403],
      ["visitor", 401, 401],
    ])("%s: download/rename/delete %i, analytics %i", async (name, manage, analytics) => {
      const client = who(name);
      const download = await client.get(`/api/clip/${clip.slug}/download`);
      expect(download.statusCode).toBe(manage);
      if (manage === 200)
        expect(download.json()).toEqual({
          url: `/api/clip/${clip.slug}/file`,
          fileName: "My best moment.mp4",
        });
      const rename = await client.post("/api/clips/rename", { id: clip.id, title: `${clip.title}` });
      expect(rename.statusCode).toBe(manage);
      const data = await client.get(`/api/clip/data?clip_id=${clip.id}&event_id=${s.event}`);
      expect(data.statusCode).toBe(analytics);
      const listed = await list(client, s.session);
      if (name !== "visitor" && name !== "outsider" && name !== "banned")
        expect(listed.analytics === null).toBe(analytics !== 200);
      // Delete, on a clip of the same author made for this role alone.
      const [own] = await use().query<{ id: number }>(
        `INSERT INTO clips (slug, title, event_id, video_session_id, user_id, start_time, end_time, render_state)
         VALUES ($1, 'To delete', $2, $3, $4, 0, 5, 'ready') RETURNING id::int`,
        [`to-delete-${name.toLowerCase()}`, s.event, s.session, s.people.guest.userId],
      );
      const remove = await client.post("/api/clips/delete", { clip_id: own?.id, event_id: s.event });
      expect(remove.statusCode).toBe(manage);
      const left = await use().query("SELECT 1 FROM clips WHERE id = $1 AND deleted_at IS NULL", [own?.id]);
      expect(left).toHaveLength(manage === 200 ? 0 : 1);
    });

    test("the file is saved as '{title}.mp4'; the page is public; views count once per viewer per hour; registrations from the clip count", async () => {
      const file = await s.visitor.get(`/api/clip/${clip.slug}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("video/mp4");
      expect(file.headers["content-disposition"]).toBe(
        `attachment; filename="My best moment.mp4"; filename*=UTF-8''My%20best%20moment.mp4`,
      );
      const page = await s.visitor.get(`/api/clip/${clip.slug}`);
      expect(page.json()).toMatchObject({ clip: { id: clip.id }, event: { id: s.event } });
      expect((await s.visitor.get(`/api/clips/${clip.id}`)).json().clip.slug).toBe(clip.slug);
      const view = (client: TestClient, agent = "browser-a") =>
        client.request("POST", `/api/clip/${clip.slug}/view`, { body: {}, headers: { "user-agent": agent } });
      await view(s.visitor);
      await view(s.visitor);
      await view(s.visitor, "browser-b");
      await view(s.people.otherGuest.client);
      await view(s.people.otherGuest.client, "browser-b");
      const data = () => s.people.owner.client.get(`/api/clip/data?clip_id=${clip.id}&event_id=${s.event}`);
      expect((await data()).json()).toEqual({ views: 3, registrations: 0 });
      now = new Date(now.getTime() + 61 * 60_000);
      await view(s.visitor);
      expect((await data()).json().views).toBe(4);
      const newcomer = await s.person(async () => undefined);
      expect(
        (await newcomer.client.post("/api/events/register", { event_id: s.event, clip_id: clip.id }))
          .statusCode,
      ).toBe(201);
      expect((await data()).json()).toEqual({ views: 4, registrations: 1 });
      expect((await list(s.people.owner.client, s.session)).analytics?.[clip.id]).toEqual({
        views: 4,
        registrations: 1,
      });
    });

    test("the clip page and its embed are public and unfurl as a playable video; only the embed may be framed", async () => {
      const meta = (html: string, key: string) =>
        html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
      const page = await s.visitor.get(`/clips/${clip.slug}`);
      expect(page.statusCode).toBe(200);
      expect(meta(page.body, "og:type")).toBe("video.other");
      expect(meta(page.body, "og:title")).toBe("My &quot;best&quot; / moment");
      expect(meta(page.body, "og:video")).toBe(`${TEST_PUBLIC_URL}${clip.videoUrl}`);
      expect(meta(page.body, "og:image")).toBe(`${TEST_PUBLIC_URL}${clip.thumbnailUrl}`);
      expect(meta(page.body, "twitter:card")).toBe("player");
      expect(meta(page.body, "twitter:player")).toBe(`${TEST_PUBLIC_URL}/embed/clips/${clip.slug}`);
      expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      const embed = await s.visitor.get(`/embed/clips/${clip.slug}`);
      expect(String(embed.headers["content-security-policy"])).toContain("frame-ancestors *");
      expect(embed.headers["x-frame-options"]).toBeUndefined();
      expect((await s.visitor.get("/clips/no-such-clip")).statusCode).toBe(404);
      expect((await s.visitor.get("/clips/..%2F..%2Fetc")).statusCode).toBe(404);
    });

    test("delete: the clip leaves the list, the session hears it, its files and page are gone", async () => {
      const other = await create(s.people.otherGuest.client, s);
      const otherClip = (other.json() as { clip: Clip }).clip;
      await cut(s.people.owner.client, s.session, otherClip.id);
      expect(
        (await s.people.guest.client.post("/api/clips/delete", { clip_id: otherClip.id, event_id: s.event }))
          .statusCode,
      ).toBe(403);
      const wrongEvent = await s.people.owner.client.post("/api/clips/delete", {
        clip_id: otherClip.id,
        event_id: s.event + 1000,
      });
      expect(wrongEvent.statusCode).toBe(404);
      const done = await s.people.owner.client.post("/api/clips/delete", {
        clip_id: otherClip.id,
        event_id: s.event,
      });
      expect(done.json()).toEqual({ status: "ok" });
      expect((await list(s.people.guest.client, s.session)).clips.map((c) => c.id)).not.toContain(
        otherClip.id,
      );
      expect((await s.visitor.get(`/api/clip/${otherClip.slug}`)).statusCode).toBe(404);
      expect((await s.visitor.get(`/api/clip/${otherClip.slug}/file`)).statusCode).toBe(404);
      expect(
        (await app().server.inject({ method: "GET", url: `/files/clips/${otherClip.slug}.mp4` })).statusCode,
      ).toBe(404);
      const last = (await topicMessages(use(), s.topics.session)).at(-1);
      expect(last).toMatchObject({ table_name: "clips", event: "DELETE", payload: { id: otherClip.id } });
    }, 60_000);
  });
});

test.each([
  ["Best moment", /^best-moment-[0-9a-f]{12}$/],
  ["Ça va? Très bien!", /^ca-va-tres-bien-[0-9a-f]{12}$/],
  ["!!!", /^clip-[0-9a-f]{12}$/],
  ["a".repeat(100), /^a{40}-[0-9a-f]{12}$/],
])("the slug of %s", (title, want) => {
  expect(clipSlug(title)).toMatch(want);
});

test.each([
  ['My "best" / moment', "My best moment.mp4"],
  ["tab\there", "tab here.mp4"],
  ["///", "clip.mp4"],
])("%s is saved as %s", (title, name) => {
  expect(downloadName(title)).toBe(name);
});
