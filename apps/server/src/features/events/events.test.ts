import type { EventCardList, EventPageData } from "@onstage/domain";
import { expect, test } from "vitest";
import { signedIn, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

describeOnEachDatabase("events API", (use) => {
  const app = useTestApp(use);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().server.inject({ method: "GET", url, headers });

  test("the home page lists upcoming public events only, live ones first", async () => {
    const g = given(use());
    const channel = await g.channel();
    const make = async (code: string, fields: Record<string, unknown>, session: Record<string, unknown>) => {
      const id = await g.event(channel, { event_code: code, ...fields });
      await g.session(id, session);
    };
    await make("up-soon", {}, { time_scheduled: inHours(2) });
    await make("up-live", {}, { time_scheduled: inHours(-0.5), state: "broadcasting" });
    await make("up-private", { private: true }, { time_scheduled: inHours(2) });
    await make("up-deleted", { deleted_at: new Date() }, { time_scheduled: inHours(2) });
    await make("up-archived", { archived_at: new Date() }, { time_scheduled: inHours(2) });
    await make("up-past", {}, { time_scheduled: inHours(-48), state: "ended" });

    const res = await get("/api/events/upcoming");
    expect(res.statusCode).toBe(200);
    const codes = (res.json() as EventCardList).events
      .map((e) => e.eventCode)
      .filter((c) => c.startsWith("up-"));
    expect(codes).toEqual(["up-live", "up-soon"]);
  });

  test("an event page gives the event, sessions, tickets, questions and seat count, never the password", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), {
      event_code: "full-page",
      access: "ticketed",
      seat_limit: 10,
      password: "secret",
    });
    await g.session(event, { title: "Day 1" });
    await db.query(
      "INSERT INTO event_tickets (event_id, title, price_type, price_cents, max_value_cents) VALUES ($1, 'Pay what you can', 'sliding', 500, 0)",
      [event],
    );
    await db.query(
      `INSERT INTO custom_registration_fields (event_id, type, question, is_required, answers) VALUES ($1, 'multi_select', 'Topics?', true, '["a","b"]')`,
      [event],
    );
    await g.registration(event, await g.user());

    const res = await get("/api/events/by-code/full-page");
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("secret");
    const page = res.json() as EventPageData;
    expect(page.event).toMatchObject({
      title: "Test event",
      access: "ticketed",
      seatLimit: 10,
      passwordProtected: true,
    });
    expect(page.sessions.map((s) => s.title)).toEqual(["Day 1"]);
    expect(page.tickets[0]?.price).toEqual({ type: "sliding", value: 500, maxValue: 0 });
    expect(page.customRegistrationFields[0]).toMatchObject({
      type: "multi_select",
      isRequired: true,
      answers: ["a", "b"],
    });
    expect(page.registeredCount).toBe(1);
    expect(page.viewer).toEqual({
      userId: null,
      eventRole: null,
      orgRole: null,
      isRegistered: false,
      hasPaid: false,
      isBanned: false,
      speakerSessionIds: [],
    });
  });

  test("each session says whether something was recorded; a reset's deleted stream does not count (issue 23 §3.1)", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { event_code: "recorded-page" });
    const stream = async (title: string, vod: string | null, deletedAt: Date | null) => {
      const session = await g.session(event, { title, state: "ended" });
      await db.query(
        "INSERT INTO video_session_streams (video_session_id, active_state, vod_playback_url, deleted_at) VALUES ($1, 'ended', $2, $3)",
        [session, vod, deletedAt],
      );
    };
    await stream("Recorded", "vod.m3u8", null);
    await stream("Not recorded", null, null);
    await stream("Reset", "vod.m3u8", new Date());
    await g.session(event, { title: "No stream" });

    const page = (await get("/api/events/by-code/recorded-page")).json() as EventPageData;
    expect(Object.fromEntries(page.sessions.map((s) => [s.title, s.hasRecording]))).toEqual({
      Recorded: true,
      "Not recorded": false,
      Reset: false,
      "No stream": false,
    });
  });

  test("a signed-in viewer sees their role, registration and channel role", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel, { event_code: "with-viewer" });
    const user = await g.user();
    await g.member(channel, user, "admin");
    await g.role(event, user, "moderator");
    await g.registration(event, user);

    const page = (
      await get("/api/events/by-code/with-viewer", await signedIn(db, user))
    ).json() as EventPageData;
    expect(page.viewer).toMatchObject({
      userId: user,
      eventRole: "moderator",
      orgRole: "admin",
      isRegistered: true,
    });
  });

  test.each([
    { case: "unknown code", fields: null, member: false, code: "event_not_found" },
    { case: "deleted event", fields: { deleted_at: new Date() }, member: false, code: "event_deleted" },
    {
      case: "archived event, outsider",
      fields: { archived_at: new Date() },
      member: false,
      code: "event_archived",
    },
    { case: "archived event, channel member", fields: { archived_at: new Date() }, member: true, code: null },
  ])("$case → $code", async ({ fields, member, code }) => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const user = await g.user();
    if (member) await g.member(channel, user, "member");
    const eventCode = fields ? `x-${Math.random().toString(36).slice(2, 10)}` : "never-made";
    if (fields) await g.event(channel, { event_code: eventCode, ...fields });

    const res = await get(`/api/events/by-code/${eventCode}`, await signedIn(db, user));
    if (code === null) expect(res.statusCode).toBe(200);
    else expect({ status: res.statusCode, code: res.json().error.code }).toEqual({ status: 404, code });
  });

  test.each([
    { case: "public event of a paying channel", event: {}, sub: {}, noindex: false },
    { case: "private event", event: { private: true }, sub: {}, noindex: true },
    { case: "channel on a free trial", event: {}, sub: { trial: true }, noindex: true },
    { case: "channel whose subscription expired", event: {}, sub: { endsInHours: -1 }, noindex: true },
  ])("search engines: $case → noindex $noindex", async ({ event, sub, noindex }) => {
    const g = given(use());
    const code = `seo-${Math.random().toString(36).slice(2, 10)}`;
    await g.event(await g.channel({}, sub), { event_code: code, ...event });
    expect(((await get(`/api/events/by-code/${code}`)).json() as EventPageData).noindex).toBe(noindex);
  });

  test("a channel page lists its public events; an unknown channel is 404", async () => {
    const g = given(use());
    const channel = await g.channel({ channel_name: "acme-live", name: "Acme Live" });
    const listed = await g.event(channel, { event_code: "acme-listed" });
    await g.session(listed, {});
    await g.event(channel, { event_code: "acme-private", private: true });

    const res = await get("/api/channels/Acme-Live");
    expect(res.statusCode).toBe(200);
    expect(res.json().channel).toMatchObject({ name: "Acme Live", channelName: "acme-live" });
    expect(res.json().events.map((e: { eventCode: string }) => e.eventCode)).toEqual(["acme-listed"]);
    expect((await get("/api/channels/nobody-here")).json().error.code).toBe("channel_not_found");
  });
});

describeOnEachDatabase("add to calendar", (use) => {
  const app = useTestApp(use);

  test("the .ics file holds one entry per upcoming regular session, linking back to the event", async () => {
    const g = given(use());
    const event = await g.event(await g.channel({ name: "Cal Channel" }), {
      event_code: "cal-event",
      title: "Calendar Event",
      multi_session: true,
    });
    await g.session(event, {
      title: "Part one",
      time_scheduled: new Date("2030-05-01T16:00:00Z"),
      duration_minutes: 90,
    });
    await g.session(event, {
      title: "Done",
      time_scheduled: new Date("2020-01-01T10:00:00Z"),
      state: "ended",
    });
    await g.session(event, {
      title: "Lobby",
      time_scheduled: new Date("2030-05-01T15:00:00Z"),
      session_type: "lobby",
    });

    const res = await app().server.inject({
      method: "GET",
      url: "/api/events/by-code/cal-event/calendar.ics",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/calendar");
    const ics = res.body;
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("SUMMARY:Calendar Event: Part one");
    expect(ics).toContain("DTSTART:20300501T160000Z");
    expect(ics).toContain("DURATION:PT90M");
    expect(ics).toContain("URL:http://onstage.test/c/cal-event");
  });

  test("an unknown event has no calendar", async () => {
    const res = await app().server.inject({ method: "GET", url: "/api/events/by-code/nothing/calendar.ics" });
    expect(res.statusCode).toBe(404);
  });
});
