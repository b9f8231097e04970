import type { RegistrationsResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { insertRow } from "../../../platform/database/insert";
import { useTestApp } from "../../../testing/app";
import { dashWorld } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";

/** RFC 4180 reading (quoted fields, doubled quotes, CRLF records), enough to check what spreadsheets see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (quoted && ch === '"' && next === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && ch === "\r" && next === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

describeOnEachDatabase("dashboard registrations and CSV export", (use) => {
  const app = useTestApp(use);

  async function eventWithRegistrations() {
    const w = await dashWorld(app().server, use());
    const db = use();
    await db.query("DELETE FROM event_registrations WHERE event_id = $1", [w.event]);
    await db.query("UPDATE events SET event_ticket_currency = 'EUR' WHERE id = $1", [w.event]);
    const ticket = await insertRow(db, "event_tickets", {
      event_id: w.event,
      title: "VIP",
      price_type: "fixed",
      price_cents: 2500,
    });
    const coupon = await insertRow(db, "coupons", {
      event_id: w.event,
      name: "HALF",
      coupon_type: "percent",
      value: 50,
    });
    const topic = await insertRow(db, "custom_registration_fields", {
      event_id: w.event,
      type: "text",
      question: "Topic?",
      order: 1,
    });
    const phone = await insertRow(db, "custom_registration_fields", {
      event_id: w.event,
      type: "phone",
      question: "Phone",
      order: 2,
    });
    const people = [
      { first: "=cmd|' /C calc'!A0", answer: "@SUM(1+1)", at: "2024-03-10T22:30:00Z" },
      { first: "Zoë", answer: 'line\nbreak, "quoted"', at: "2024-03-10T23:30:00Z" },
      { first: "Plain", answer: "-2+3", at: "2024-03-11T10:00:00Z" },
    ];
    const ids: number[] = [];
    for (const p of people) {
      const user = await w.g.user({ first_name: p.first, last_name: "L" });
      const id = await w.g.registration(w.event, user, {
        ticket_id: ticket,
        coupon_id: coupon,
        amount_paid_cents: 1250,
        utm_source: "+newsletter",
        created_at: new Date(p.at),
      });
      await db.query(
        "INSERT INTO custom_registration_field_answers (registration_id, field_id, answer) VALUES ($1, $2, $3), ($1, $4, '+33 1 23')",
        [id, topic, p.answer, phone],
      );
      ids.push(id);
    }
    return { w, ids, topic };
  }

  test("registrations come newest first with answers, ticket, coupon, amount and utm; pages by cursor", async () => {
    const { w, ids, topic } = await eventWithRegistrations();
    const host = await w.as("host");
    const first = (
      await host.get(`/api/dash/events/${w.event}/registrations?limit=2`)
    ).json() as RegistrationsResponse;
    expect(first.total).toBe(3);
    expect(first.registrations.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.registrations[0]).toMatchObject({
      user: { firstName: "Plain", lastName: "L" },
      ticket: { title: "VIP" },
      amountPaidCents: 1250,
      coupon: "HALF",
      utmSource: "+newsletter",
      utmMedium: null,
      createdAt: "2024-03-11T10:00:00.000Z",
    });
    expect(first.registrations[0]?.answers).toEqual([
      { fieldId: topic, question: "Topic?", answer: "-2+3" },
      { fieldId: expect.any(Number), question: "Phone", answer: "+33 1 23" },
    ]);
    expect(first.nextCursor).toBe(ids[1]);
    const rest = (
      await host.get(`/api/dash/events/${w.event}/registrations?limit=2&cursor=${first.nextCursor}`)
    ).json() as RegistrationsResponse;
    expect(rest.registrations.map((r) => r.id)).toEqual([ids[0]]);
    expect(rest.nextCursor).toBeNull();
    // Europe/Paris: 22:30Z and 23:30Z on 10 March are 23:30 and 00:30 local.
    expect(first.perDay).toEqual([
      { date: "2024-03-10", count: 1 },
      { date: "2024-03-11", count: 2 },
    ]);
  });

  test.each([
    { who: "guest", status: 403 },
    { who: "moderator", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
  ] as const)("$who cannot read the registrations or the CSV ($status)", async ({ who, status }) => {
    const w = await dashWorld(app().server, use());
    const client = await w.as(who);
    const list = await client.get(`/api/dash/events/${w.event}/registrations`);
    expect(list.statusCode).toBe(status);
    expect(list.body).not.toContain("@example.test");
    expect((await client.get(`/api/dash/events/${w.event}/registrations.csv`)).statusCode).toBe(status);
  });

  test("registrations: signed out 401, unknown event 404, bad paging 400", async () => {
    const w = await dashWorld(app().server, use());
    expect((await w.anonymous().get(`/api/dash/events/${w.event}/registrations`)).statusCode).toBe(401);
    expect((await w.anonymous().get(`/api/dash/events/${w.event}/registrations.csv`)).statusCode).toBe(401);
    const owner = await w.as("owner");
    expect((await owner.get("/api/dash/events/99999999/registrations")).statusCode).toBe(404);
    expect((await owner.get("/api/dash/events/99999999/registrations.csv")).statusCode).toBe(404);
    for (const query of ["limit=0", "limit=201", "limit=abc", "cursor=-3", "cursor=1.5", "other=1"]) {
      expect((await owner.get(`/api/dash/events/${w.event}/registrations?${query}`)).statusCode).toBe(400);
    }
  });

  test("the CSV has a header with one column per question, escapes quotes and defuses formulas", async () => {
    const { w } = await eventWithRegistrations();
    const res = await (await w.as("member")).get(`/api/dash/events/${w.event}/registrations.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="registrations-ev-[a-z0-9]+\.csv"$/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      "Registered at",
      "First name",
      "Last name",
      "Email",
      "Ticket",
      "Amount paid",
      "Currency",
      "Coupon",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "Topic?",
      "Phone",
    ]);
    expect(rows).toHaveLength(4);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    const evil = byName.get("'=cmd|' /C calc'!A0");
    expect(evil?.[13]).toBe("'@SUM(1+1)");
    expect(evil?.[5]).toBe("12.50");
    expect(evil?.[6]).toBe("EUR");
    expect(evil?.[8]).toBe("'+newsletter");
    expect(evil?.[14]).toBe("'+33 1 23");
    expect(byName.get("Zoë")?.[13]).toBe('line\nbreak, "quoted"');
    expect(byName.get("Plain")?.[13]).toBe("'-2+3");
    expect(res.body).toContain('"line\nbreak, ""quoted"""');
  });

  test("/my-events lists registered events and the team's events (moderators too), never deleted ones", async () => {
    const w = await dashWorld(app().server, use());
    const soon = await w.g.event(w.otherChannel, { title: "Soon" });
    await w.g.session(soon, { time_scheduled: new Date(Date.now() + 3_600_000) });
    const deleted = await w.g.event(w.otherChannel, { title: "Gone", deleted_at: new Date() });
    await w.g.registration(soon, w.ids.guest);
    await w.g.registration(deleted, w.ids.guest);
    const guest = (await (await w.as("guest")).get("/api/my-events")).json();
    expect(guest.registered.map((e: { title: string }) => e.title)).toEqual(["Soon", "Test event"]);
    expect(guest.hosted).toEqual([]);

    const host = (await (await w.as("host")).get("/api/my-events")).json();
    expect(host.hosted.map((e: { id: number }) => e.id)).toEqual([w.event]);
    const member = (await (await w.as("member")).get("/api/my-events")).json();
    expect(member.hosted.map((e: { id: number }) => e.id)).toEqual([w.event]);
    const moderator = (await (await w.as("moderator")).get("/api/my-events")).json();
    // Issue 23 §3.3: a moderator is on the event's team.
    expect(moderator).toEqual({
      registered: [],
      hosted: [expect.objectContaining({ id: w.event })],
      speaking: [],
    });
    expect((await w.anonymous().get("/api/my-events")).statusCode).toBe(401);
  });
});
