import { randomUUID } from "node:crypto";
import type { PlaybackBeacon, PlaybackEvent } from "@onstage/domain";
import { expect, test } from "vitest";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene } from "../../testing/room-scene";
import { BEACON_LIMITS } from "./service";

// Issue 28 §1: the player's quality beacons, one row per view, and the collector's limits.

const newId = (what: string) => `${what}-${randomUUID()}`;

describeOnEachDatabase("playback quality beacons", (use) => {
  const app = useTestApp(use);
  const scene = () => roomScene(app().server, use());

  const beacon = (
    sessionId: number,
    events: PlaybackEvent[],
    ids: Partial<PlaybackBeacon> = {},
  ): PlaybackBeacon => ({
    viewerId: ids.viewerId ?? newId("viewer"),
    viewSessionId: ids.viewSessionId ?? newId("visit"),
    viewId: ids.viewId ?? newId("view"),
    sessionId,
    delivery: "hls",
    events,
    ...ids,
  });
  /** As navigator.sendBeacon posts it: text/plain, the page's Origin, no CSRF token. */
  const send = (client: TestClient, body: unknown, headers: Record<string, string> = {}) =>
    client.request("POST", "/api/playback/beacons", {
      payload: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "text/plain;charset=UTF-8", origin: TEST_PUBLIC_URL, ...headers },
      csrf: false,
    });
  const view = async (viewKey: string) => {
    await app().flush();
    return (
      await use().query<Record<string, unknown>>("SELECT * FROM playback_views WHERE view_key = $1", [
        viewKey,
      ])
    )[0];
  };
  const heartbeat = (watchedMs: number): PlaybackEvent => ({
    type: "heartbeat",
    watchedMs,
    droppedFrames: 1,
    rendition: { width: 1280, height: 720 },
    upscale: 1.5,
  });

  test("a view's beacons add up in one row, with the signed-in viewer's id and no other personal data", async () => {
    const s = await scene();
    const guest = s.people.guest;
    const first = beacon(s.session, [
      { type: "viewstart" },
      { type: "playing", startupMs: 900 },
      heartbeat(10_000),
    ]);
    expect((await send(guest.client, first)).statusCode).toBe(204);
    const second = {
      ...first,
      events: [{ type: "rebuffer", durationMs: 1_200 }, heartbeat(8_000), { type: "viewend" }],
    };
    expect((await send(guest.client, second)).statusCode).toBe(204);
    expect(await view(first.viewId)).toMatchObject({
      user_id: guest.userId,
      video_session_id: s.session,
      delivery: "hls",
      startup_ms: 900,
      watch_ms: 18_000,
      rebuffer_count: 1,
      rebuffer_ms: 1_200,
      dropped_frames: 2,
      rendition_ms: { "1280x720": 18_000 },
      max_upscale: 1.5,
      ended: true,
      failed: false,
      event_count: 6,
    });
    // A visitor's view names nobody.
    const visitor = beacon(s.session, [{ type: "viewstart" }]);
    expect((await send(s.visitor, visitor)).statusCode).toBe(204);
    expect((await view(visitor.viewId))?.user_id).toBeNull();
  });

  test("another viewer cannot add to a view that is not theirs", async () => {
    const s = await scene();
    const mine = beacon(s.session, [heartbeat(10_000)]);
    await send(s.visitor, mine);
    // Held in the same node's buffer, then added to the row.
    await send(s.visitor, { ...mine, viewerId: newId("thief"), events: [heartbeat(600_000)] });
    await app().flush();
    await send(s.visitor, { ...mine, sessionId: s.otherSession, events: [heartbeat(600_000)] });
    expect((await view(mine.viewId))?.watch_ms).toBe(10_000);
  });

  test("refusals change nothing: size, strings, shape, session, origin", async () => {
    const s = await scene();
    const client = s.visitor;
    const refused = async (
      body: unknown,
      status: number,
      code: string,
      headers: Record<string, string> = {},
    ) => {
      const answer = await send(client, body, headers);
      expect(answer.statusCode).toBe(status);
      expect(errorCode(answer)).toBe(code);
    };
    const error = (message: string): PlaybackEvent => ({ type: "error", code: "x", message, fatal: true });
    // Spec 3 §9: 500 KB a payload, 51,200 characters a string, 300 events a batch.
    const huge = beacon(s.session, [error("m".repeat(51_200))]);
    const padded = { ...huge, events: Array.from({ length: 11 }, () => error("m".repeat(50_000))) };
    await refused(padded, 413, "FST_ERR_CTP_BODY_TOO_LARGE");
    await refused(beacon(s.session, [error("m".repeat(51_201))]), 400, "invalid_request");
    await refused(
      { ...huge, events: Array.from({ length: 301 }, () => ({ type: "viewstart" })) },
      400,
      "invalid_request",
    );
    await refused("not json", 400, "invalid_json");
    await refused(beacon(987_654_321, [{ type: "viewstart" }]), 404, "session_not_found");
    await refused(beacon(s.session, [{ type: "viewstart" }]), 403, "forbidden", {
      origin: "https://evil.test",
    });
    // The largest string there may be is taken (and kept short).
    expect((await send(client, huge)).statusCode).toBe(204);
    await app().flush();
    const rows = await use().query<{ error_message: string }>(
      "SELECT error_message FROM playback_views WHERE video_session_id = $1",
      [s.session],
    );
    expect(rows.map((r) => r.error_message.length)).toEqual([500]);
  });

  test("a flood is refused per viewer and per address, without losing other viewers' data", async () => {
    const s = await scene();
    const flooder = newId("flooder");
    const views = Array.from({ length: BEACON_LIMITS.perViewer.points + 1 }, () => newId("flood"));
    const answers = [];
    for (const viewId of views) {
      answers.push(
        (await send(s.visitor, beacon(s.session, [heartbeat(1_000)], { viewerId: flooder, viewId })))
          .statusCode,
      );
    }
    expect(answers.slice(0, -1).every((status) => status === 204)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const calm = beacon(s.session, [heartbeat(10_000)]);
    expect((await send(new TestClient(app().server, "198.51.100.7"), calm)).statusCode).toBe(204);
    expect((await view(calm.viewId))?.watch_ms).toBe(10_000);
    const kept = await use().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM playback_views WHERE viewer_key = $1",
      [flooder],
    );
    expect(kept[0]?.n).toBe(BEACON_LIMITS.perViewer.points);
  });
});
