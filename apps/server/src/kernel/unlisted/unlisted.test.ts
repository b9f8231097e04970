import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { clientOf, errorCode, newAttendee, registrationCount } from "../../testing/registration";

// Issue 10 §1.6: an unlisted (private) event's sequential id must not let anyone act on it or learn that
// it exists; only opening it by its code (or a role on it) does.

const UNKNOWN = 987_654_321;

interface Ids {
  event: number;
  channel: number;
  session: number;
  chat: number;
  user: number;
}

const unregisterSelf = (i: Pick<Ids, "user" | "event" | "channel">) => ({
  user_to_unregister_id: i.user,
  event_id: i.event,
  organization_id: i.channel,
  type: "event",
});

/** Every call that names an event (or its session or chat) by id, built for the given ids. */
const CALLS: { case: string; method: "GET" | "POST"; url: (i: Ids) => string; body?: (i: Ids) => object }[] =
  [
    {
      case: "register",
      method: "POST",
      url: () => "/api/events/register",
      body: (i) => ({ event_id: i.event }),
    },
    {
      case: "check-password",
      method: "POST",
      url: () => "/api/events/check-password",
      body: (i) => ({ event_id: i.event, password: "guess" }),
    },
    {
      case: "coupons/apply",
      method: "POST",
      url: () => "/api/coupons/apply",
      body: (i) => ({ event_id: i.event, coupon_code: "SAVE10" }),
    },
    {
      case: "unregister yourself",
      method: "POST",
      url: () => "/api/events/unregister-user",
      body: unregisterSelf,
    },
    {
      case: "create-checkout-session",
      method: "POST",
      url: () => "/api/payments/create-checkout-session",
      body: (i) => ({ event_id: i.event, ticket_id: 1, nonce: "attempt-1" }),
    },
    {
      case: "validate-checkout-session",
      method: "POST",
      url: () => "/api/payments/validate-checkout-session",
      body: (i) => ({ event_id: i.event, stripe_checkout_session_id: "cs_test_1" }),
    },
    {
      case: "has-paid",
      method: "POST",
      url: () => "/api/transactions/has-paid",
      body: (i) => ({ event_id: i.event, user_id: i.user }),
    },
    {
      case: "is-valid-patron",
      method: "POST",
      url: () => "/api/patreon/is-valid-patron",
      body: (i) => ({ event_id: i.event, user_id: i.user }),
    },
    {
      case: "test membership page",
      method: "GET",
      url: (i) => `/payments/test-membership?event_id=${i.event}`,
    },
    { case: "room", method: "GET", url: (i) => `/api/video-session/room?video_session_id=${i.session}` },
    { case: "chat history", method: "GET", url: (i) => `/api/chat/messages?chat_id=${i.chat}` },
    {
      case: "live users",
      method: "GET",
      url: (i) => `/api/video-session/live-users?video_session_id=${i.session}`,
    },
    {
      case: "send a chat message",
      method: "POST",
      url: () => "/api/chat/messages",
      body: (i) => ({ chat_id: i.chat, message: "hello" }),
    },
    { case: "dashboard event", method: "GET", url: (i) => `/api/dash/events/${i.event}` },
  ];

describeOnEachDatabase("unlisted events by id", (use) => {
  const app = useTestApp(use);

  /** An unlisted open-access event (the widest door: visitors would enter its room) with a live session. */
  async function unlistedEvent() {
    const g = given(use());
    const channel = await g.channel();
    const code = `unlisted-${Math.random().toString(36).slice(2, 10)}`;
    const event = await g.event(channel, { private: true, access: "open", event_code: code });
    const session = await g.session(event, { state: "broadcasting" });
    return { g, channel, event, code, session, chat: await g.chat(session) };
  }

  const send = (client: TestClient, call: (typeof CALLS)[number], ids: Ids) =>
    call.method === "GET" ? client.get(call.url(ids)) : client.post(call.url(ids), call.body?.(ids));

  test.each(CALLS)("$case: an outsider gets exactly the answer for an unknown id", async (call) => {
    const u = await unlistedEvent();
    const { userId, client } = await newAttendee(app().server, use());
    const ids = { event: u.event, channel: u.channel, session: u.session, chat: u.chat, user: userId };
    const unknown = await send(client, call, { ...ids, event: UNKNOWN, session: UNKNOWN, chat: UNKNOWN });
    const unlisted = await send(client, call, ids);
    expect(unknown.statusCode).toBe(404);
    expect({ status: unlisted.statusCode, code: errorCode(unlisted) }).toEqual({
      status: unknown.statusCode,
      code: errorCode(unknown),
    });
    expect(await registrationCount(use(), u.event)).toBe(0);
  });

  test("a visitor who never had the code reads nothing of the room; one who opened it does", async () => {
    const u = await unlistedEvent();
    const room = `/api/video-session/room?video_session_id=${u.session}`;
    const stranger = new TestClient(app().server);
    expect((await stranger.get(room)).statusCode).toBe(404);

    const visitor = new TestClient(app().server);
    expect((await visitor.get(`/api/events/by-code/${u.code}`)).statusCode).toBe(200);
    expect((await visitor.get(room)).statusCode).toBe(200);
    expect((await visitor.get(`/api/chat/messages?chat_id=${u.chat}`)).statusCode).toBe(200);
    // The grant is this browser's, not the event's: the stranger still sees nothing.
    expect((await stranger.get(room)).statusCode).toBe(404);
  });

  test("a visitor who opened the event by its code registers after signing up in the middle", async () => {
    const u = await unlistedEvent();
    const browser = new TestClient(app().server);
    expect((await browser.get(`/api/events/by-code/${u.code}`)).statusCode).toBe(200);
    const email = `late-${Math.random().toString(36).slice(2, 10)}@example.test`;
    const signup = await browser.post("/api/auth/signup", {
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      password: "correct horse battery staple 42",
      tosAccepted: true,
    });
    expect(signup.statusCode).toBe(200);
    const register = await browser.post("/api/events/register", { event_id: u.event });
    expect(register.statusCode).toBe(201);
    expect(await registrationCount(use(), u.event)).toBe(1);
  });

  test("the grant follows the user who signed in to another browser", async () => {
    const u = await unlistedEvent();
    const { userId, client: laptop } = await newAttendee(app().server, use());
    expect((await laptop.get(`/api/events/by-code/${u.code}`)).statusCode).toBe(200);
    const phone = await clientOf(app().server, use(), userId);
    expect((await phone.post("/api/events/register", { event_id: u.event })).statusCode).toBe(201);
  });

  test("role holders act on the event without the code", async () => {
    const u = await unlistedEvent();
    const { userId: memberId, client: member } = await newAttendee(app().server, use());
    await u.g.member(u.channel, memberId, "member");
    expect((await member.get(`/api/dash/events/${u.event}`)).statusCode).toBe(200);

    const { userId: guestId, client: guest } = await newAttendee(app().server, use());
    await u.g.registration(u.event, guestId);
    await u.g.role(u.event, guestId, "guest");
    const leave = await guest.post(
      "/api/events/unregister-user",
      unregisterSelf({ user: guestId, event: u.event, channel: u.channel }),
    );
    expect(leave.statusCode).toBe(204);
    expect(await registrationCount(use(), u.event)).toBe(0);
  });

  test("a wrong code does not open the event", async () => {
    const u = await unlistedEvent();
    const { client } = await newAttendee(app().server, use());
    expect((await client.get(`/api/events/by-code/${u.code}x`)).statusCode).toBe(404);
    const res = await client.post("/api/events/register", { event_id: u.event });
    expect({ status: res.statusCode, code: errorCode(res) }).toEqual({
      status: 404,
      code: "event_not_found",
    });
  });
});
