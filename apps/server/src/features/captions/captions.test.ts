import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { CAPTION_LINE_MAX_CHARS, CAPTION_LINES_PER_MINUTE } from "@onstage/domain";
import { expect, test } from "vitest";
import { CAPTIONS_PLAYLIST } from "../../media/captions/hls";
import { TEST_PUBLIC_URL, testFilesDir, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roleMatrixClients, roomScene } from "../../testing/room-scene";
import { captionLinesBetween } from "./queries";
import { sessionCaptionsWriter } from "./service";

const SOURCE = "/api/captions/source";
const ROTATE = "/api/captions/source/rotate";

describeOnEachDatabase("live captions", (use) => {
  const app = useTestApp(use, { captions: { enabled: true, delayMs: 0 } });
  const scene = () => roomScene(app().server, use());

  /** A captioner's post, as Zoom's caption API sends it: the caption URL plus seq and lang, text/plain. */
  const post = (captionUrl: string, seq: number | string, text: string, lang = "en-US") =>
    app().server.inject({
      method: "POST",
      url: `${captionUrl.slice(TEST_PUBLIC_URL.length)}&seq=${seq}&lang=${lang}`,
      headers: { "content-type": "text/plain; charset=utf-8" },
      payload: text,
    });

  const ownerSource = async () => {
    const s = await scene();
    const res = await s.people.owner.client.post(SOURCE, { video_session_id: s.session });
    expect(res.statusCode).toBe(200);
    return { s, captionUrl: res.json().captionUrl as string };
  };

  test.each([
    { who: "owner", status: 200 },
    { who: "channelAdmin", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "member", status: 403, code: "forbidden" },
    { who: "host", status: 403, code: "forbidden" },
    { who: "moderator", status: 403, code: "forbidden" },
    { who: "speaker", status: 403, code: "forbidden" },
    { who: "guest", status: 403, code: "forbidden" },
    { who: "outsider", status: 403, code: "forbidden" },
    { who: "visitor", status: 401, code: "unauthorized" },
  ])("the caption URL, asked by $who → $status", async ({ who, status, code }) => {
    const s = await scene();
    const client = await roleMatrixClients(s, "moderator");
    for (const path of [SOURCE, ROTATE]) {
      const res = await client(who).post(path, { video_session_id: s.session });
      expect(res.statusCode).toBe(status);
      if (code) expect(errorCode(res)).toBe(code);
      else
        expect(res.json().captionUrl).toMatch(
          /^http:\/\/onstage\.test\/api\/captions\/line\?token=[\w-]{43}$/,
        );
    }
  });

  test("the caption URL stays the same until rotated; the old one is then refused", async () => {
    const { s, captionUrl } = await ownerSource();
    const again = await s.people.owner.client.post(SOURCE, { video_session_id: s.session });
    expect(again.json().captionUrl).toBe(captionUrl);
    const rotated = (await s.people.owner.client.post(ROTATE, { video_session_id: s.session })).json();
    expect(rotated.captionUrl).not.toBe(captionUrl);
    const old = await post(captionUrl, 1, "Hello");
    expect(old.statusCode).toBe(404);
    expect(errorCode(old)).toBe("caption_source_not_found");
    expect((await post(rotated.captionUrl, 1, "Hello")).json()).toEqual({ accepted: true });
  });

  test("lines are kept in seq order; a repeated or older seq is ignored; no cookie or CSRF token needed", async () => {
    const { s, captionUrl } = await ownerSource();
    const answers = [];
    for (const [seq, text] of [
      [0, "Welcome"],
      [1, "to the show"],
      [1, "to the show"],
      [0, "Welcome"],
      [3, "Q&A <later>"],
    ] as const) {
      const res = await post(captionUrl, seq, text);
      expect(res.statusCode).toBe(200);
      answers.push(res.json().accepted);
    }
    expect(answers).toEqual([true, true, false, false, true]);
    const stored = await captionLinesBetween(use(), s.session, 0, Date.now() + 1_000);
    expect(stored.map((l) => [l.seq, l.text])).toEqual([
      [0, "Welcome"],
      [1, "to the show"],
      [3, "Q&A <later>"],
    ]);
  });

  test("bad posts get a clear error and change nothing", async () => {
    const { s, captionUrl } = await ownerSource();
    const tooLong = await post(captionUrl, 1, "x".repeat(CAPTION_LINE_MAX_CHARS + 1));
    expect([tooLong.statusCode, errorCode(tooLong)]).toEqual([400, "caption_too_long"]);
    const huge = await post(captionUrl, 1, "x".repeat(CAPTION_LINE_MAX_CHARS * 4 + 1));
    expect(huge.statusCode).toBe(413);
    for (const [seq, lang] of [
      ["-1", "en-US"],
      ["one", "en-US"],
      ["1", "english please"],
    ] as const) {
      const res = await post(captionUrl, seq, "Hello", lang);
      expect([res.statusCode, errorCode(res)]).toEqual([400, "invalid_request"]);
    }
    const noToken = await app().server.inject({
      method: "POST",
      url: "/api/captions/line?seq=1&lang=en",
      headers: { "content-type": "text/plain" },
      payload: "Hello",
    });
    expect(noToken.statusCode).toBe(400);
    expect(await captionLinesBetween(use(), s.session, 0, Date.now() + 1_000)).toEqual([]);
    expect((await post(captionUrl, 1, "Hello")).json()).toEqual({ accepted: true });
  });

  test("posted lines reach the WebVTT of the segment on air when they arrived", async () => {
    const { s, captionUrl } = await ownerSource();
    const dir = await testFilesDir();
    await promisify(execFile)("ffmpeg", [
      ...[
        "-hide_banner",
        "-loglevel",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=160x90:rate=30",
        "-t",
        "2",
      ],
      ...[
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-f",
        "mpegts",
        path.join(dir, "live0.ts"),
      ],
    ]);
    expect((await post(captionUrl, 1, "Welcome to the show")).json()).toEqual({ accepted: true });
    // The segment on air when the line arrived: it started a second before and lasted two.
    const start = new Date(Date.now() - 1_000).toISOString();
    const video = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:${start}\nlive0.ts\n`;
    await writeFile(path.join(dir, "live.m3u8"), video);
    const stream = { sessionId: s.session, dir, videoPlaylist: "live.m3u8" };
    const log = { error: (context: Record<string, unknown>) => expect.fail(JSON.stringify(context)) };
    expect(sessionCaptionsWriter(use(), log, { enabled: false, delayMs: 0 }, stream)).toBeNull();
    const writer = sessionCaptionsWriter(use(), log, { enabled: true, delayMs: 0 }, stream);
    await writer?.end();
    const vtt = await readFile(path.join(dir, "live0.vtt"), "utf8");
    expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00.000\n\n00:00:0[01]\.\d{3} --> /);
    expect(vtt).toContain("\nWelcome to the show\n");
    expect(await readFile(path.join(dir, CAPTIONS_PLAYLIST), "utf8")).toBe(
      video.replace("live0.ts", "live0.vtt"),
    );
  });

  test("a source posting too fast is refused for the rest of its minute", async () => {
    const { s, captionUrl } = await ownerSource();
    for (let seq = 1; seq <= CAPTION_LINES_PER_MINUTE; seq++) {
      expect((await post(captionUrl, seq, `line ${seq}`)).statusCode).toBe(200);
    }
    const over = await post(captionUrl, CAPTION_LINES_PER_MINUTE + 1, "one too many");
    expect([over.statusCode, errorCode(over)]).toEqual([429, "caption_rate_limited"]);
    const stored = await captionLinesBetween(use(), s.session, 0, Date.now() + 1_000);
    expect(stored).toHaveLength(CAPTION_LINES_PER_MINUTE);
  });
});

describeOnEachDatabase("live captions, not configured", (use) => {
  const app = useTestApp(use);

  test("every captions call is 404 captions_off", async () => {
    const s = await roomScene(app().server, use());
    const res = await s.people.owner.client.post(SOURCE, { video_session_id: s.session });
    expect([res.statusCode, errorCode(res)]).toEqual([404, "captions_off"]);
    const line = await app().server.inject({
      method: "POST",
      url: "/api/captions/line?token=abc&seq=1&lang=en-US",
      headers: { "content-type": "text/plain" },
      payload: "Hello",
    });
    expect([line.statusCode, errorCode(line)]).toEqual([404, "captions_off"]);
  });
});
