import type { RegisterResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientOf, errorCode, newAttendee, registrationCount } from "../../testing/registration";

const REGISTER = "/api/events/register";

describeOnEachDatabase("POST /api/events/register", (use) => {
  const app = useTestApp(use);
  const attendee = () => newAttendee(app().server, use());

  test.each([
    { case: "anonymous", status: 401, code: "unauthorized" },
    { case: "banned from the channel", status: 403, code: "banned" },
    { case: "unknown event", status: 404, code: "event_not_found" },
    { case: "deleted event", status: 404, code: "event_deleted" },
    { case: "archived event", status: 404, code: "event_archived" },
    { case: "event id of the wrong type", status: 400, code: "invalid_request" },
    { case: "full event", status: 409, code: "limit_reached" },
    { case: "open seat", status: 201, code: undefined },
  ])("refusal table: $case → $status", async ({ case: name, status, code }) => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel, {
      seat_limit: 1,
      deleted_at: name === "deleted event" ? new Date() : null,
      archived_at: name === "archived event" ? new Date() : null,
    });
    const { userId, client } = await attendee();
    if (name === "banned from the channel") await g.ban(userId, channel);
    if (name === "full event") await g.registration(event, await g.user());
    const body = {
      event_id:
        name === "unknown event" ? 999_999_999 : name === "event id of the wrong type" ? "one" : event,
    };
    const res = await (name === "anonymous" ? new TestClient(app().server) : client).post(REGISTER, body);
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
    expect(await registrationCount(db, event)).toBe(name === "full event" ? 1 : status === 201 ? 1 : 0);
  });

  test("a free registration stores the answers, the guest role, utm fields and the tracking events", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const why = await g.question(event, { is_required: true });
    const topics = await g.question(event, {
      type: "multi_select",
      answers: ["AI", "Web", "Ops"],
      is_required: true,
    });
    const optional = await g.question(event, { type: "url" });
    const { userId, client } = await attendee();

    const missing = await client.post(REGISTER, {
      event_id: event,
      custom_registration_field_answers: [{ field_id: why, answer: "Learning" }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      code: "required_questions",
      message: "Please fill out all required fields",
    });
    expect(await registrationCount(db, event)).toBe(0);

    const res = await client.post(REGISTER, {
      event_id: event,
      custom_registration_field_answers: [
        { field_id: why, answer: " Learning " },
        { field_id: topics, answer: "AI, Ops" },
        { field_id: optional, answer: "" },
      ],
      utm_source: "newsletter",
      utm_campaign: "spring",
    });
    expect(res.statusCode).toBe(201);
    const { registration } = res.json() as RegisterResponse;
    expect(registration).toMatchObject({ eventId: event, ticketId: null, amountPaidCents: 0 });
    const answers = await db.query<{ field_id: number; answer: string }>(
      "SELECT field_id, answer FROM custom_registration_field_answers WHERE registration_id = $1 ORDER BY field_id",
      [registration.id],
    );
    expect(answers).toEqual([
      { field_id: why, answer: "Learning" },
      { field_id: topics, answer: "AI,Ops" },
    ]);
    const [row] = await db.query(
      "SELECT utm_source, utm_medium, utm_campaign FROM event_registrations WHERE id = $1",
      [registration.id],
    );
    expect(row).toEqual({ utm_source: "newsletter", utm_medium: null, utm_campaign: "spring" });
    const roles = await db.query(
      "SELECT event_role FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
      [event, userId],
    );
    expect(roles).toEqual([{ event_role: "guest" }]);
    const tracked = await db.query(
      "SELECT name, priority FROM analytics_events WHERE event_id = $1 AND user_id = $2 ORDER BY name",
      [event, userId],
    );
    expect(tracked).toEqual([
      { name: "event-register", priority: "normal" },
      { name: "event-registration", priority: "high" },
    ]);
  });

  test("answers to another event's questions, or to unknown ones, are refused and change nothing", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel);
    const other = await g.question(await g.event(channel));
    const deleted = await g.question(event, { deleted_at: new Date() });
    const { client } = await attendee();
    for (const field_id of [other, deleted, 999_999_999]) {
      const res = await client.post(REGISTER, {
        event_id: event,
        custom_registration_field_answers: [{ field_id, answer: "hi" }],
      });
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe("unknown_question");
    }
    expect(await registrationCount(db, event)).toBe(0);
  });

  test.each([
    { type: "number", fields: { min: 1, max: 10 }, answer: "11" },
    { type: "number", fields: {}, answer: "twelve" },
    { type: "url", fields: {}, answer: "not a url" },
    { type: "date", fields: {}, answer: "2025-13-01" },
    { type: "multiple_choice", fields: { answers: ["A", "B"] }, answer: "C" },
    { type: "multi_select", fields: { answers: ["A", "B"] }, answer: "A,C" },
    { type: "checkbox", fields: {}, answer: "maybe" },
    { type: "phone", fields: {}, answer: "call me" },
  ])("a $type answer '$answer' is refused", async ({ type, fields, answer }) => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const field_id = await g.question(event, { type, ...fields });
    const { client } = await attendee();
    const res = await client.post(REGISTER, {
      event_id: event,
      custom_registration_field_answers: [{ field_id, answer }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe("invalid_answer");
    expect(await registrationCount(db, event)).toBe(0);
  });

  test("a text answer longer than 2000 characters is refused by the schema", async () => {
    const g = given(use());
    const event = await g.event(await g.channel());
    const field_id = await g.question(event);
    const { client } = await attendee();
    const res = await client.post(REGISTER, {
      event_id: event,
      custom_registration_field_answers: [{ field_id, answer: "x".repeat(2001) }],
    });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe("invalid_request");
  });

  test.each([
    {
      case: "a NUL character in an answer",
      body: { custom_registration_field_answers: [{ field_id: 1, answer: "a\u0000b" }] },
    },
    { case: "a NUL character in a utm field", body: { utm_source: "x\u0000" } },
    { case: "a NUL character in a coupon code", body: { coupon_code: "A\u0000" } },
    {
      case: "a negative question id",
      body: { custom_registration_field_answers: [{ field_id: -1, answer: "a" }] },
    },
    { case: "a huge sliding amount", body: { ticket_cost: 1e12 } },
    { case: "a fractional ticket id", body: { ticket_id: 1.5 } },
    { case: "an unknown field", body: { user_id: 1 } },
    {
      case: "too many answers",
      body: {
        custom_registration_field_answers: Array.from({ length: 101 }, (_, i) => ({
          field_id: i + 1,
          answer: "a",
        })),
      },
    },
  ])("bad input is refused without a trace: $case", async ({ body }) => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const { client } = await attendee();
    const res = await client.post(REGISTER, { event_id: event, ...body });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe("invalid_request");
    expect(await registrationCount(db, event)).toBe(0);
  });

  test("a password-protected event needs the right password, and a wrong guess changes nothing", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { password: "open sesame" });
    const { client } = await attendee();
    const wrong = await client.post(REGISTER, { event_id: event, event_password: "open says me" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: "incorrect_event_password",
      message: "Incorrect event password",
    });
    expect(await registrationCount(db, event)).toBe(0);
    const right = await client.post(REGISTER, { event_id: event, event_password: "open sesame" });
    expect(right.statusCode).toBe(201);
  });

  test("the same request twice, even at once, makes one registration and answers with it both times", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { seat_limit: 5 });
    const { userId, client } = await attendee();
    const secondTab = await clientOf(app().server, db, userId);
    const body = { event_id: event };
    const [a, b] = await Promise.all([client.post(REGISTER, body), secondTab.post(REGISTER, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().registration.id).toBe(b.json().registration.id);
    const again = await client.post(REGISTER, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().registration.id).toBe(a.json().registration.id);
    expect(await registrationCount(db, event)).toBe(1);
  });

  test("a full event still takes people who may come on stage, and refuses the others", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel, { seat_limit: 1 });
    await g.registration(event, await g.user());
    const member = await attendee();
    await g.member(channel, member.userId, "member");
    const speaker = await attendee();
    const session = await g.session(event);
    await db.query(
      "INSERT INTO events_users_roles (event_id, user_id, event_role, video_session_ids) VALUES ($1, $2, 'speaker', $3)",
      [event, speaker.userId, [session]],
    );
    const moderator = await attendee();
    await g.role(event, moderator.userId, "moderator");
    const guest = await attendee();

    expect((await member.client.post(REGISTER, { event_id: event })).statusCode).toBe(201);
    expect((await speaker.client.post(REGISTER, { event_id: event })).statusCode).toBe(201);
    for (const refused of [moderator, guest]) {
      const res = await refused.client.post(REGISTER, { event_id: event });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: "limit_reached",
        message: "event registration limit reached",
      });
    }
    const [role] = await db.query<{ event_role: string }>(
      "SELECT event_role FROM events_users_roles WHERE event_id = $1 AND user_id = $2",
      [event, speaker.userId],
    );
    expect(role?.event_role).toBe("speaker");
  });

  test("a membership-gated event registers only users whose membership check passed", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { access: "patreon", patreon_tier_amount_cents: 500 });
    const { userId, client } = await attendee();
    const refused = await client.post(REGISTER, { event_id: event });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe("membership_required");
    await db.query("INSERT INTO membership_verifications (user_id, event_id) VALUES ($1, $2)", [
      userId,
      event,
    ]);
    expect((await client.post(REGISTER, { event_id: event })).statusCode).toBe(201);
  });

  test("a clip of this event is recorded; a clip of another event is left out", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel);
    const clipOf = async (eventId: number) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO clips (slug, title, event_id, video_session_id, start_time, end_time)
           VALUES ($1, 'Clip', $2, $3, 0, 30) RETURNING id`,
          [`clip-${eventId}-${Math.random().toString(36).slice(2, 8)}`, eventId, await g.session(eventId)],
        )
      )[0]?.id;
    const own = await clipOf(event);
    const foreign = await clipOf(await g.event(channel));
    const first = await attendee();
    const second = await attendee();
    const a = await first.client.post(REGISTER, { event_id: event, clip_id: own });
    const b = await second.client.post(REGISTER, { event_id: event, clip_id: foreign });
    const rows = await db.query<{ clip_id: number | null }>(
      "SELECT clip_id FROM event_registrations WHERE id = ANY($1::bigint[]) ORDER BY id",
      [[a.json().registration.id, b.json().registration.id]],
    );
    expect(rows).toEqual([{ clip_id: own }, { clip_id: null }]);
  });
});
