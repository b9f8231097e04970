import { expect, test } from "vitest";
import { type JobWorker, jobWorker } from "../../platform/jobs/worker";
import type { Mailer, MailMessage } from "../../platform/mail/mailer";
import { smtpMailer } from "../../platform/mail/smtp";
import { TEST_PUBLIC_URL, useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { parseCalendar } from "../../testing/ics";
import { clientOf, newAttendee } from "../../testing/registration";
import { attachmentOf, startSmtpServer, unfold } from "../../testing/smtp";
import { registrationService } from "../registration/service";
import { registrationMailJobs } from "./service";

const HOUR = 3_600_000;
const REGISTER = "/api/events/register";

/** A mailer that keeps what it is asked to send. */
function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: "smtp", sent, send: async (m) => void sent.push(m), close: async () => undefined };
}

describeOnEachDatabase("registration mails", (use) => {
  const app = useTestApp(use);
  const worker = (mailer: Mailer, now: () => Date = () => new Date()): JobWorker =>
    jobWorker({
      db: use(),
      clock: now,
      log: app().server.log,
      handlers: registrationMailJobs({ db: use(), mailer, publicUrl: TEST_PUBLIC_URL }),
    });

  /** An event whose one session starts `hoursAhead` from now (whole seconds, as the database keeps them). */
  async function eventSoon(hoursAhead = 72, fields: Record<string, unknown> = {}) {
    const g = given(use());
    const channel = await g.channel({ name: "Acme; Talks, Inc" });
    const startsAt = Math.floor((Date.now() + hoursAhead * HOUR) / 1000) * 1000;
    const eventId = await g.event(channel, { title: "Launch day", timezone: "America/New_York", ...fields });
    const sessionId = await g.session(eventId, { time_scheduled: new Date(startsAt), duration_minutes: 45 });
    const [row] = await use().query<{ event_code: string }>("SELECT event_code FROM events WHERE id = $1", [
      eventId,
    ]);
    return { eventId, sessionId, startsAt, eventCode: row?.event_code ?? "" };
  }

  /** A signed-in new user; `mails` filters what a mailer sent to them (other tests' jobs run too). */
  async function attendee() {
    const { userId, client } = await newAttendee(app().server, use());
    const [user] = await use().query<{ email: string }>("SELECT email FROM users WHERE id = $1", [userId]);
    const email = user?.email ?? "";
    const mails = (mailer: { sent: MailMessage[] }) => mailer.sent.filter((m) => m.to === email);
    return { userId, client, email, mails };
  }

  async function jobsOf(registrationId: number) {
    return use().query<{ kind: string; run_at: Date; state: string }>(
      "SELECT kind, run_at, state FROM jobs WHERE job_key LIKE 'registration:' || $1 || ':%' ORDER BY run_at, id",
      [`${registrationId}`],
    );
  }

  /** Registers and returns the registration's id. */
  async function register(
    client: { post: (url: string, body: unknown) => Promise<{ json: () => unknown }> },
    body: object,
  ) {
    return ((await client.post(REGISTER, body)).json() as { registration: { id: number } }).registration.id;
  }

  test("a registration queues its mails with it; the confirmation reaches SMTP once with a valid .ics", async () => {
    const event = await eventSoon();
    const { userId, client, email } = await attendee();
    const registrationId = await register(client, { event_id: event.eventId, time_zone: "europe/berlin" });
    expect((await jobsOf(registrationId)).map((j) => [j.kind, j.run_at.getTime(), j.state])).toEqual([
      ["registration-confirmation", expect.any(Number), "pending"],
      ["session-reminder", event.startsAt - 24 * HOUR, "pending"],
      ["session-reminder", event.startsAt - HOUR, "pending"],
    ]);

    const smtp = await startSmtpServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Onstage <no-reply@onstage.test>");
    // Two workers at once, then again: one mail.
    await Promise.all([worker(mailer).runDue(), worker(mailer).runDue()]);
    await worker(mailer).runDue();
    await mailer.close();

    const mine = smtp.received.filter((m) => m.includes(`To: ${email}`));
    expect(mine).toHaveLength(1);
    const raw = unfold(mine[0] ?? "");
    expect(raw).toMatch(/^Subject: You're registered: Launch day\r$/m);
    expect(raw).toMatch(/^Message-ID: <registration\.\d+\.confirmation@onstage\.test>\r$/m);
    expect(raw).toContain(`${TEST_PUBLIC_URL}/c/${event.eventCode}`);
    const berlin = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeStyle: "short" }).format(
      event.startsAt,
    );
    expect(raw).toContain(`${berlin} (Europe/Berlin)`);
    const ics = attachmentOf(raw, "invite.ics");
    expect(ics).not.toBeNull();
    const calendar = parseCalendar(ics ?? "");
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      uid: `session-${event.sessionId}@onstage`,
      summary: "Launch day",
      startsAt: new Date(event.startsAt).toISOString(),
      organizer: { name: "Acme; Talks, Inc" },
    });
    expect(await use().query("SELECT time_zone FROM users WHERE id = $1", [userId])).toEqual([
      { time_zone: "Europe/Berlin" },
    ]);
  });

  test("without a zone from the browser, times are in the event's zone", async () => {
    const event = await eventSoon();
    const { client, mails } = await attendee();
    await client.post(REGISTER, { event_id: event.eventId, time_zone: "Not/AZone" });
    const mailer = recordingMailer();
    await worker(mailer).runDue();

    const mail = mails(mailer).find((m) => m.subject === "You're registered: Launch day");
    expect(mail?.text).toContain("(America/New_York)");
    expect(mail?.attachments?.[0]).toMatchObject({ filename: "invite.ics" });
  });

  test("a registration whose transaction fails after queueing its mails leaves no job", async () => {
    const event = await eventSoon();
    const { userId } = await attendee();
    const count = async () => (await use().query("SELECT id FROM jobs")).length;
    const before = await count();
    // The analytics rows are written after the mails are queued, in the same transaction.
    const failing = registrationService({
      db: use(),
      tracker: { track: async () => Promise.reject(new Error("disk full")) },
      clock: () => new Date(),
      realtime: app().realtime.realtime,
    });
    await expect(
      failing.register(userId, { event_id: event.eventId, custom_registration_field_answers: [] }),
    ).rejects.toThrow("disk full");
    expect(await count()).toBe(before);
    expect(await use().query("SELECT id FROM event_registrations WHERE user_id = $1", [userId])).toEqual([]);
  });

  test("a refused registration queues nothing", async () => {
    const event = await eventSoon(72, { seat_limit: 1 });
    await given(use()).registration(event.eventId, await given(use()).user());
    const { client } = await attendee();
    const count = async () => (await use().query("SELECT id FROM jobs")).length;
    const before = await count();
    expect((await client.post(REGISTER, { event_id: event.eventId })).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  test("a paid ticket gets a receipt with its amount, currency, ticket and coupon", async () => {
    const event = await eventSoon(72, { access: "ticketed", event_ticket_currency: "EUR" });
    const g = given(use());
    const ticket = await g.ticket(event.eventId, { title: "Front row", price_cents: 2500 });
    const coupon = await g.coupon(event.eventId, { name: "FRIENDS", coupon_type: "amount", value: 500 });
    const { userId, client, mails } = await attendee();
    await g.paidTicket(event.eventId, userId, ticket, {
      checkout_session_id: `test_cs_receipt${event.eventId}`,
      amount_cents: 2000,
      currency: "EUR",
      coupon_id: coupon,
    });
    const res = await client.post(REGISTER, {
      event_id: event.eventId,
      ticket_id: ticket,
      stripe_checkout_session_id: `test_cs_receipt${event.eventId}`,
    });
    expect(res.statusCode).toBe(201);
    const mailer = recordingMailer();
    await worker(mailer).runDue();

    const receipt = mails(mailer).find((m) => m.subject === "Your receipt for Launch day");
    expect(receipt?.text).toContain("Ticket: Front row");
    expect(receipt?.text).toContain("Coupon: FRIENDS");
    expect(receipt?.text).toContain("Amount paid: €20.00");
    expect(receipt?.text).toContain("Currency: EUR");
    expect(
      mails(mailer)
        .map((m) => m.subject)
        .toSorted(),
    ).toEqual(["You're registered: Launch day", "Your receipt for Launch day"]);
  });

  test("reminders go out 24 h and 1 h before the session, each once", async () => {
    const event = await eventSoon(72);
    const { client, mails } = await attendee();
    await client.post(REGISTER, { event_id: event.eventId });
    const mailer = recordingMailer();
    const subjects = async (at: number) => {
      await worker(mailer, () => new Date(at)).runDue();
      return mails(mailer)
        .map((m) => m.subject)
        .filter((s) => s.startsWith("Starting"));
    };

    expect(await subjects(event.startsAt - 24 * HOUR - 1)).toEqual([]);
    expect(await subjects(event.startsAt - 24 * HOUR)).toEqual(["Starting in 24 hours: Launch day"]);
    expect(await subjects(event.startsAt - 2 * HOUR)).toHaveLength(1);
    expect(await subjects(event.startsAt - HOUR)).toEqual([
      "Starting in 24 hours: Launch day",
      "Starting in 1 hour: Launch day",
    ]);
    expect(await subjects(event.startsAt + HOUR)).toHaveLength(2);
  });

  test("registering 2 h before the start schedules only the 1 h reminder", async () => {
    const event = await eventSoon(2);
    const { client } = await attendee();
    const registrationId = await register(client, { event_id: event.eventId });
    expect((await jobsOf(registrationId)).map((j) => j.kind)).toEqual([
      "registration-confirmation",
      "session-reminder",
    ]);
  });

  test("someone who unregistered before a reminder does not get it", async () => {
    const event = await eventSoon(72);
    const { userId, client, mails } = await attendee();
    const registrationId = await register(client, { event_id: event.eventId });
    const mailer = recordingMailer();
    await worker(mailer).runDue();
    const [org] = await use().query<{ organization_id: number }>(
      "SELECT organization_id FROM events WHERE id = $1",
      [event.eventId],
    );
    const gone = await client.post("/api/events/unregister-user", {
      user_to_unregister_id: userId,
      event_id: event.eventId,
      organization_id: org?.organization_id,
      type: "event",
    });
    expect(gone.statusCode).toBeLessThan(300);

    await worker(mailer, () => new Date(event.startsAt - HOUR)).runDue();
    expect(mails(mailer).map((m) => m.subject)).toEqual(["You're registered: Launch day"]);
    expect((await jobsOf(registrationId)).map((j) => j.state)).toEqual(["done", "skipped", "skipped"]);
  });

  test("a session moved later: the old reminders are skipped and new ones follow the new time", async () => {
    const event = await eventSoon(72);
    const { client, mails } = await attendee();
    await client.post(REGISTER, { event_id: event.eventId });
    const movedTo = event.startsAt + 48 * HOUR;
    await use().query("UPDATE video_sessions SET time_scheduled = $2 WHERE id = $1", [
      event.sessionId,
      new Date(movedTo),
    ]);
    const mailer = recordingMailer();
    const reminders = async (at: number) => {
      await worker(mailer, () => new Date(at)).runDue();
      return mails(mailer).filter((m) => m.subject.startsWith("Starting")).length;
    };

    expect(await reminders(event.startsAt - HOUR)).toBe(0);
    expect(await reminders(movedTo - 24 * HOUR)).toBe(1);
    expect(await reminders(movedTo - HOUR)).toBe(2);
  });

  test("a host moving a session earlier or adding one: registered people get reminders for it", async () => {
    const event = await eventSoon(72, { multi_session: true });
    const g = given(use());
    const hostId = await g.user();
    await g.role(event.eventId, hostId, "host");
    const host = await clientOf(app().server, use(), hostId);
    const { client, mails } = await attendee();
    await register(client, { event_id: event.eventId });
    const movedTo = event.startsAt - 36 * HOUR;
    const moved = await host.patch(`/api/dash/sessions/${event.sessionId}`, {
      timeScheduled: new Date(movedTo).toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    const addedAt = Math.floor((Date.now() + 10 * HOUR) / 1000) * 1000;
    const added = await host.post(`/api/dash/events/${event.eventId}/sessions`, {
      title: "Part two",
      timeScheduled: new Date(addedAt).toISOString(),
      durationMinutes: 30,
    });
    expect(added.statusCode).toBe(201);
    const mailer = recordingMailer();
    const reminders = async (at: number) => {
      await worker(mailer, () => new Date(at)).runDue();
      return mails(mailer)
        .map((m) => m.subject)
        .filter((subject) => subject.startsWith("Starting"));
    };

    expect(await reminders(addedAt - HOUR)).toEqual(["Starting in 1 hour: Launch day: Part two"]);
    expect(await reminders(movedTo - 24 * HOUR)).toHaveLength(2);
    expect(await reminders(movedTo - HOUR)).toHaveLength(3);
    expect(await reminders(event.startsAt + HOUR)).toHaveLength(3);
  });

  test("a worker killed while sending: after its lease the mail goes out once", async () => {
    const event = await eventSoon(72);
    const { client, email } = await attendee();
    await client.post(REGISTER, { event_id: event.eventId });
    // The first worker never finishes sending, as if the process died in the middle of it.
    const dead: Mailer = {
      kind: "smtp",
      send: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    void worker(dead).runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const smtp = await startSmtpServer();
    const mailer = smtpMailer(`smtp://127.0.0.1:${smtp.port}`, "Onstage <no-reply@onstage.test>");
    await worker(mailer).runDue();
    const toMe = () => smtp.received.filter((m) => m.includes(`To: ${email}`));
    expect(toMe()).toHaveLength(0);
    const afterLease = () => new Date(Date.now() + 6 * 60_000);
    await worker(mailer, afterLease).runDue();
    await worker(mailer, afterLease).runDue();
    await mailer.close();
    expect(toMe().filter((m) => m.includes("You're registered"))).toHaveLength(1);
  });
});
