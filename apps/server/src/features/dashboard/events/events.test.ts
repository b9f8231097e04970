import { performance } from "node:perf_hooks";
import { type DashEventListResponse, type DashEventResponse, errorMessage } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { dashWorld, inHours } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { decoyFrameJpeg, imageSize, multipart, pngOf } from "../../../testing/images";

const newEvent = (fields: Record<string, unknown> = {}) => ({
  title: "Café Talks: Ünïcode & more!",
  description: "A talk",
  timezone: "america/new_york",
  access: "ticketed",
  private: true,
  password: "open sesame",
  seatLimit: 100,
  customRegisterButtonText: "Grab a seat",
  multiSession: true,
  eventTicketCurrency: "eur",
  hideUnregister: true,
  firstSession: {
    title: "Day 1",
    timeScheduled: inHours(48),
    durationMinutes: 90,
    sessionType: "regular",
    broadcastType: "rtmp",
  },
  ...fields,
});

describeOnEachDatabase("dashboard events", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());

  test("a channel member creates an event: unique code, host role, first session with chats and stream key", async () => {
    const w = await world();
    const res = await (await w.as("member")).post(`/api/channels/${w.channel}/events`, newEvent());
    expect(res.statusCode).toBe(201);
    const { event, sessions, viewer } = res.json() as DashEventResponse;
    expect(event.eventCode).toMatch(/^cafe-talks-unicode-more-[a-z0-9]{6}$/);
    expect(event).toMatchObject({
      timezone: "America/New_York",
      eventTicketCurrency: "EUR",
      password: "open sesame",
      seatLimit: 100,
      private: true,
      hideUnregister: true,
      organization: { id: w.channel },
      archivedAt: null,
    });
    expect(viewer).toEqual({ orgRole: "member", eventRole: "host", canManageChannel: false });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      title: "Day 1",
      durationMinutes: 90,
      broadcastType: "rtmp",
      state: "scheduled",
    });
    expect(sessions[0]?.urlHash).toMatch(/^[a-z0-9]{8}$/);
    const [row] = await use().query<{ chats: string[]; stream_key: string | null; created_by: number }>(
      `SELECT array(SELECT chat_type FROM chats WHERE video_session_id = vs.id ORDER BY chat_type) AS chats,
              vs.stream_key, e.created_by
         FROM video_sessions vs JOIN events e ON e.id = vs.event_id WHERE vs.id = $1`,
      [sessions[0]?.id],
    );
    expect(row?.chats).toEqual(["backstage", "public"]);
    expect(row?.stream_key).toMatch(/^[0-9a-f]{32}$/);
    expect(row?.created_by).toBe(w.ids.member);

    const twin = (await (await w.as("owner")).post(`/api/channels/${w.channel}/events`, newEvent())).json();
    expect(twin.event.eventCode).not.toBe(event.eventCode);
  });

  test.each([
    { who: "host", status: 403 },
    { who: "guest", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who cannot create an event in the channel", async ({ who, status }) => {
    const w = await world();
    expect((await (await w.as(who)).post(`/api/channels/${w.channel}/events`, newEvent())).statusCode).toBe(
      status,
    );
  });

  test.each([
    { case: "a bad time zone", fields: { timezone: "Mars/Olympus_Mons" }, code: "invalid_time_zone" },
    { case: "an offset for a time zone", fields: { timezone: "+02:00" }, code: "invalid_time_zone" },
    { case: "an unknown currency", fields: { eventTicketCurrency: "XYZ" }, code: "invalid_currency" },
    { case: "a currency without cents", fields: { eventTicketCurrency: "JPY" }, code: "invalid_currency" },
    {
      case: "a membership gate without a tier",
      fields: { access: "patreon" },
      code: "patreon_tier_required",
    },
    { case: "an over-long title", fields: { title: "t".repeat(201) }, code: "invalid_request" },
    { case: "a blank title", fields: { title: "  " }, code: "invalid_request" },
    { case: "a negative seat limit", fields: { seatLimit: -1 }, code: "invalid_request" },
    { case: "a huge seat limit", fields: { seatLimit: 1e12 }, code: "invalid_request" },
    {
      case: "a negative tier",
      fields: { access: "patreon", patreonTierAmountCents: -5 },
      code: "invalid_request",
    },
    {
      case: "button text past 20",
      fields: { customRegisterButtonText: "x".repeat(21) },
      code: "invalid_request",
    },
    { case: "a string for a boolean", fields: { private: "yes" }, code: "invalid_request" },
    { case: "an unknown access mode", fields: { access: "vip" }, code: "invalid_request" },
    { case: "no first session", fields: { firstSession: undefined }, code: "invalid_request" },
    {
      case: "a session of 0 minutes",
      fields: { firstSession: { timeScheduled: inHours(1), durationMinutes: 0 } },
      code: "invalid_request",
    },
    {
      case: "a session time that is no time",
      fields: { firstSession: { timeScheduled: "tomorrow", durationMinutes: 60 } },
      code: "invalid_request",
    },
  ])("creating an event with $case is 400 $code and creates nothing", async ({ fields, code }) => {
    const w = await world();
    const res = await (await w.as("owner")).post(`/api/channels/${w.channel}/events`, newEvent(fields));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    const [count] = await use().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE organization_id = $1",
      [w.channel],
    );
    expect(count?.n).toBe(1);
  });

  test("creating in an unknown channel is 404, signed out 401", async () => {
    const w = await world();
    expect((await (await w.as("owner")).post("/api/channels/99999999/events", newEvent())).statusCode).toBe(
      404,
    );
    expect((await w.anonymous().post(`/api/channels/${w.channel}/events`, newEvent())).statusCode).toBe(401);
  });

  test("the channel's list has private and archived events, not deleted ones, with registration counts", async () => {
    const w = await world();
    const priv = await w.g.event(w.channel, { private: true, title: "Private" });
    await w.g.event(w.channel, { archived_at: new Date(), title: "Archived" });
    await w.g.event(w.channel, { deleted_at: new Date(), title: "Deleted" });
    await w.g.session(priv);
    const res = await (await w.as("member")).get(`/api/channels/${w.channel}/events`);
    expect(res.statusCode).toBe(200);
    const { events } = res.json() as DashEventListResponse;
    expect(events.map((e) => e.title).sort()).toEqual(["Archived", "Private", "Test event"]);
    expect(events.find((e) => e.id === w.event)).toMatchObject({ registeredCount: 1, sessionCount: 1 });
    expect(events.at(-1)?.title).toBe("Archived");
    expect((await (await w.as("host")).get(`/api/channels/${w.channel}/events`)).statusCode).toBe(403);
    expect((await (await w.as("otherChannel")).get(`/api/channels/${w.channel}/events`)).statusCode).toBe(
      403,
    );
  });

  test.each([
    { who: "owner", status: 200 },
    { who: "admin", status: 200 },
    { who: "member", status: 200 },
    { who: "host", status: 200 },
    { who: "eventAdmin", status: 200 },
    { who: "moderator", status: 403 },
    { who: "guest", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who reading the editable event gets $status", async ({ who, status }) => {
    const w = await world();
    await use().query("UPDATE events SET password = 'pw' WHERE id = $1", [w.event]);
    const res = await (await w.as(who)).get(`/api/dash/events/${w.event}`);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect((res.json() as DashEventResponse).event.password).toBe("pw");
    else expect(res.body).not.toContain("pw");
  });

  test("unknown, deleted and malformed event ids", async () => {
    const w = await world();
    const owner = await w.as("owner");
    expect((await owner.get("/api/dash/events/99999999")).statusCode).toBe(404);
    expect((await owner.get("/api/dash/events/-1")).statusCode).toBe(400);
    expect((await owner.get("/api/dash/events/1e99")).statusCode).toBe(400);
    const deleted = await w.g.event(w.channel, { deleted_at: new Date() });
    expect((await owner.get(`/api/dash/events/${deleted}`)).statusCode).toBe(404);
    expect((await w.anonymous().get(`/api/dash/events/${w.event}`)).statusCode).toBe(401);
  });

  test("editing: fields change, null clears, bad values are refused and change nothing", async () => {
    const w = await world();
    const host = await w.as("host");
    const url = `/api/dash/events/${w.event}`;
    const ok = await host.patch(url, {
      title: "New title",
      password: "pw",
      seatLimit: 5,
      timezone: "Asia/Kolkata",
      access: "patreon",
      patreonTierAmountCents: 500,
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as DashEventResponse).event).toMatchObject({
      title: "New title",
      password: "pw",
      seatLimit: 5,
      timezone: "Asia/Kolkata",
      access: "patreon",
      patreonTierAmountCents: 500,
    });
    const cleared = (await host.patch(url, { password: null, seatLimit: null })).json() as DashEventResponse;
    expect(cleared.event).toMatchObject({ password: null, seatLimit: null });
    for (const [body, code] of [
      [{ patreonTierAmountCents: null }, "patreon_tier_required"],
      [{ timezone: "Nowhere/Land" }, "invalid_time_zone"],
      [{ seatLimit: 0 }, "invalid_request"],
      [{ patreonTierAmountCents: 10_000_001 }, "invalid_request"],
      [{ organizationId: w.otherChannel }, "invalid_request"],
      [{ description: "d".repeat(20_001) }, "invalid_request"],
    ] as const) {
      const res = await host.patch(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    const after = (await host.get(url)).json() as DashEventResponse;
    expect(after.event).toMatchObject({ title: "New title", access: "patreon", timezone: "Asia/Kolkata" });
    expect((await (await w.as("guest")).patch(url, { title: "Hacked" })).statusCode).toBe(403);
    expect((await (await w.as("otherChannel")).patch(url, { title: "Hacked" })).statusCode).toBe(403);
  });

  test("Meta pixel (issue 28 §5): the channel's owner and admin set and clear it; a malformed ID or another role is refused", async () => {
    const w = await world();
    const url = `/api/dash/events/${w.event}`;
    const [owner, admin] = [await w.as("owner"), await w.as("admin")];
    const set = await owner.patch(url, {
      metaPixelId: " 123456789012345 ",
      metaPixelEventPageLoad: true,
      metaPixelEventRegistrationCompleted: true,
    });
    expect(set.statusCode).toBe(200);
    const { event } = set.json() as DashEventResponse;
    expect(event).toMatchObject({
      metaPixelId: "123456789012345",
      metaPixelEventPageLoad: true,
      metaPixelEventRegistrationCompleted: true,
    });
    const publicPixel = async () =>
      (await w.anonymous().get(`/api/events/by-code/${event.eventCode}`)).json().event.metaPixel;
    expect(await publicPixel()).toEqual({
      id: "123456789012345",
      eventPageLoad: true,
      eventRegistrationCompleted: true,
    });

    for (const metaPixelId of ["1234", "1".repeat(21), "12345a", "123 456", "fbq('init', '123456')"]) {
      const res = await admin.patch(url, { metaPixelId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "invalid_meta_pixel_id",
        message: errorMessage("invalid_meta_pixel_id"),
      });
    }
    expect((await admin.patch(url, { metaPixelId: "1".repeat(65) })).json().error.code).toBe(
      "invalid_request",
    );
    for (const who of ["moderator", "guest", "stranger", "otherChannel"] as const) {
      const res = await (await w.as(who)).patch(url, { metaPixelId: "99999" });
      expect(res.statusCode).toBe(403);
    }
    expect((await owner.get(url)).json().event.metaPixelId).toBe("123456789012345");

    const switched = await admin.patch(url, { metaPixelId: "55555", metaPixelEventPageLoad: false });
    expect((switched.json() as DashEventResponse).event).toMatchObject({
      metaPixelId: "55555",
      metaPixelEventPageLoad: false,
      metaPixelEventRegistrationCompleted: true,
    });
    expect((await admin.patch(url, { metaPixelId: "  " })).json().event.metaPixelId).toBeNull();
    await admin.patch(url, { metaPixelId: "55555" });
    expect((await admin.patch(url, { metaPixelId: null })).json().event.metaPixelId).toBeNull();
    expect(await publicPixel()).toBeUndefined();
  });

  test("a single-session event cannot keep several sessions", async () => {
    const w = await world();
    const owner = await w.as("owner");
    await use().query("UPDATE events SET multi_session = true WHERE id = $1", [w.event]);
    await w.g.session(w.event);
    const res = await owner.patch(`/api/dash/events/${w.event}`, { multiSession: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("single_session_event");
  });

  test("archive, unarchive and delete", async () => {
    const w = await world();
    const admin = await w.as("eventAdmin");
    const archived = await admin.post(`/api/dash/events/${w.event}/archive`);
    expect(archived.statusCode).toBe(200);
    expect((archived.json() as DashEventResponse).event.archivedAt).not.toBeNull();
    // As the browser sends it: no body at all.
    const restored = await admin.request("POST", `/api/dash/events/${w.event}/unarchive`);
    expect((restored.json() as DashEventResponse).event.archivedAt).toBeNull();
    expect((await (await w.as("guest")).post(`/api/dash/events/${w.event}/archive`)).statusCode).toBe(403);
    expect((await (await w.as("guest")).request("DELETE", `/api/dash/events/${w.event}`)).statusCode).toBe(
      403,
    );

    await use().query("UPDATE video_sessions SET state = 'broadcasting' WHERE id = $1", [w.session]);
    const live = await admin.request("DELETE", `/api/dash/events/${w.event}`);
    expect(live.statusCode).toBe(409);
    expect(live.json().error.code).toBe("session_live");
    await use().query("UPDATE video_sessions SET state = 'ended' WHERE id = $1", [w.session]);
    expect((await admin.request("DELETE", `/api/dash/events/${w.event}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/dash/events/${w.event}`)).statusCode).toBe(404);
    const [row] = await use().query<{ deleted: boolean }>(
      "SELECT deleted_at IS NOT NULL AS deleted FROM events WHERE id = $1",
      [w.event],
    );
    expect(row?.deleted).toBe(true);
  });

  test("the cover photo is re-encoded as a 1600×900 JPEG; a non-image or a bomb is refused", async () => {
    const w = await world();
    const host = await w.as("host");
    const url = `/api/dash/events/${w.event}/cover`;
    const res = await host.request(
      "POST",
      url,
      multipart("image", "c.png", "image/png", await pngOf(400, 400)),
    );
    expect(res.statusCode).toBe(200);
    const cover = (res.json() as DashEventResponse).event.coverPhoto ?? "";
    expect(cover).toMatch(new RegExp(`^/files/organization/${w.channel}/assets/[0-9a-f]{32}\\.jpg$`));
    expect(await imageSize((await host.get(cover)).rawPayload)).toEqual({
      format: "jpeg",
      width: 1600,
      height: 900,
    });

    for (const bytes of [Buffer.from("GIF89a...."), await decoyFrameJpeg()]) {
      const started = performance.now();
      const bad = await host.request("POST", url, multipart("image", "c.jpg", "image/jpeg", bytes));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe("invalid_image");
    }
    const stranger = await (await w.as("stranger")).request(
      "POST",
      url,
      multipart("image", "c.png", "image/png", await pngOf(10, 10)),
    );
    expect(stranger.statusCode).toBe(403);
    expect(
      ((await host.get(`/api/dash/events/${w.event}`)).json() as DashEventResponse).event.coverPhoto,
    ).toBe(cover);
  });
});
