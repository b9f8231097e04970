import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { insertRow } from "./insert";

const UNIQUE = "23505";
const CHECK = "23514";
const FOREIGN_KEY = "23503";

async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describeOnEachDatabase("the schema", (use) => {
  test("every entity of the three specs has its table", async () => {
    const rows = await use().query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const tables = rows.map((r) => r.table_name);
    for (const table of [
      "users",
      "accounts",
      "organizations",
      "organization_members",
      "plans",
      "subscriptions",
      "followers",
      "events",
      "event_tickets",
      "coupons",
      "custom_registration_fields",
      "custom_registration_field_answers",
      "event_registrations",
      "transactions",
      "payment_webhook_events",
      "video_sessions",
      "video_session_streams",
      "events_users_roles",
      "video_session_users",
      "video_session_intents",
      "chats",
      "chat_messages",
      "chat_reactions",
      "questions",
      "question_comments",
      "question_upvotes",
      "polls",
      "polls_options",
      "poll_answers",
      "custom_elements",
      "themes",
      "file_presentations",
      "video_shares",
      "clips",
      "clip_views",
      "bans",
      "feedback",
      "analytics_events",
    ]) {
      expect(tables).toContain(table);
    }
  });

  test("migrating again applies nothing", async () => {
    const { migrate } = await import("./migrate");
    expect(await migrate(use())).toEqual([]);
  });

  test("a sign-in account is unique over e-mail and provider; the upsert updates only the provider id", async () => {
    const db = use();
    const userId = await given(db).user({ email: "pat@example.test" });
    const upsert = (id: string) =>
      db.query<{ user_id: number; provider: string; id: string; email: string }>(
        `INSERT INTO accounts (email, id, provider, user_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email, provider) DO UPDATE SET id = EXCLUDED.id
         RETURNING user_id, provider, id, email`,
        ["pat@example.test", id, "google", userId],
      );
    await upsert("sub-1");
    expect(await upsert("sub-2")).toEqual([
      { user_id: userId, provider: "google", id: "sub-2", email: "pat@example.test" },
    ]);
    expect(await db.query("SELECT * FROM accounts WHERE user_id = $1", [userId])).toHaveLength(1);
  });

  test("e-mails are stored lower-cased and unique", async () => {
    const g = given(use());
    expect(await sqlState(g.user({ email: "Mixed@Example.test" }))).toBe(CHECK);
    await g.user({ email: "once@example.test" });
    expect(await sqlState(g.user({ email: "once@example.test" }))).toBe(UNIQUE);
  });

  test("a user registers for an event once", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const user = await g.user();
    await g.registration(event, user);
    expect(await sqlState(g.registration(event, user))).toBe(UNIQUE);
  });

  test("event codes are unique and seat limits positive", async () => {
    const g = given(use());
    const channel = await g.channel();
    await g.event(channel, { event_code: "same-code" });
    expect(await sqlState(g.event(channel, { event_code: "same-code" }))).toBe(UNIQUE);
    expect(await sqlState(g.event(channel, { seat_limit: 0 }))).toBe(CHECK);
  });

  test.each([
    { case: "free ticket with a price", ticket: { price_type: "free", price_cents: 100 } },
    { case: "fixed ticket without a price", ticket: { price_type: "fixed", price_cents: 0 } },
    {
      case: "sliding maximum below minimum",
      ticket: { price_type: "sliding", price_cents: 500, max_value_cents: 100 },
    },
  ])("a $case is refused", async ({ ticket }) => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    expect(await sqlState(insertRow(db, "event_tickets", { event_id: event, title: "T", ...ticket }))).toBe(
      CHECK,
    );
  });

  test("a percent coupon is at most 100 and names are unique per event, ignoring case", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    expect(
      await sqlState(
        insertRow(db, "coupons", { event_id: event, name: "X", coupon_type: "percent", value: 101 }),
      ),
    ).toBe(CHECK);
    await insertRow(db, "coupons", { event_id: event, name: "SAVE", coupon_type: "amount", value: 500 });
    expect(
      await sqlState(
        insertRow(db, "coupons", { event_id: event, name: "save", coupon_type: "percent", value: 5 }),
      ),
    ).toBe(UNIQUE);
  });

  test("a poll answer must name an option of its own poll, once per user", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const session = await g.session(event);
    const user = await g.user();
    const poll = (q: string) => insertRow(db, "polls", { event_id: event, session_id: session, question: q });
    const [a, b] = [await poll("A?"), await poll("B?")];
    const optionOfB = await insertRow(db, "polls_options", { poll_id: b, option: "yes" });
    const optionOfA = await insertRow(db, "polls_options", { poll_id: a, option: "yes" });
    const answer = (option: number) =>
      db.query("INSERT INTO poll_answers (poll_id, user_id, option_id) VALUES ($1, $2, $3)", [
        a,
        user,
        option,
      ]);
    expect(await sqlState(answer(optionOfB))).toBe(FOREIGN_KEY);
    await answer(optionOfA);
    expect(await sqlState(answer(optionOfA))).toBe(UNIQUE);
  });

  test("session states, types and broadcast types are the specs' values", async () => {
    const g = given(use());
    const event = await g.event(await g.channel());
    expect(await sqlState(g.session(event, { state: "live" }))).toBe(CHECK);
    expect(await sqlState(g.session(event, { session_type: "breakout" }))).toBe(CHECK);
    expect(await sqlState(g.session(event, { broadcast_type: "hls" }))).toBe(CHECK);
    await g.session(event, { state: "postevent", session_type: "lobby", broadcast_type: "rtmp-native" });
  });

  test("a stage intent is one per user and session", async () => {
    const db = use();
    const g = given(db);
    const session = await g.session(await g.event(await g.channel()));
    const user = await g.user();
    const intent = (type: string) =>
      insertRow(db, "video_session_intents", { video_session_id: session, user_id: user, intent_type: type });
    await intent("hand_raised");
    expect(await sqlState(intent("invite_sent"))).toBe(UNIQUE);
  });

  test("a title overlay keeps to 32 and 45 characters; brand colours are hex", async () => {
    const db = use();
    const g = given(db);
    const session = await g.session(await g.event(await g.channel()));
    const element = (fields: Record<string, unknown>) =>
      insertRow(db, "custom_elements", { video_session_id: session, ...fields });
    expect(await sqlState(element({ type: "title", title: "x".repeat(33) }))).toBe(CHECK);
    expect(await sqlState(element({ type: "title", title: "ok", value: "y".repeat(46) }))).toBe(CHECK);
    expect(await sqlState(element({ type: "primary_color", title: "primary-color", value: "red" }))).toBe(
      CHECK,
    );
    await element({ type: "primary_color", title: "primary-color", value: "#EC5F3E" });
  });

  test("a clip lasts at most 60 seconds", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const session = await g.session(event);
    const clip = (end: number) =>
      insertRow(db, "clips", {
        slug: `clip-${end}`,
        title: "c",
        event_id: event,
        video_session_id: session,
        start_time: 10,
        end_time: end,
      });
    expect(await sqlState(clip(70.5))).toBe(CHECK);
    await clip(70);
  });

  test("only one file presentation is active per session", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const session = await g.session(await g.event(channel));
    const file = (active: boolean) =>
      insertRow(db, "file_presentations", {
        organization_id: channel,
        video_session_id: session,
        displayname: "deck",
        file_key: "k",
        file_type: "pdf",
        is_active: active,
      });
    await file(true);
    await file(false);
    expect(await sqlState(file(true))).toBe(UNIQUE);
  });

  test("an event ban names its event, a channel ban does not; one active ban of each kind", async () => {
    const db = use();
    const g = given(db);
    const channel = await g.channel();
    const event = await g.event(channel);
    const user = await g.user();
    const ban = (fields: Record<string, unknown>) =>
      insertRow(db, "bans", { user_id: user, organization_id: channel, ...fields });
    expect(await sqlState(ban({ ban_type: "event" }))).toBe(CHECK);
    expect(await sqlState(ban({ ban_type: "organization", event_id: event }))).toBe(CHECK);
    await ban({ ban_type: "event", event_id: event, is_shadow: true });
    expect(await sqlState(ban({ ban_type: "event", event_id: event }))).toBe(UNIQUE);
    const [row] = await db.query<{ reason: string }>("SELECT reason FROM bans WHERE user_id = $1", [user]);
    expect(row?.reason).toBe("Spam");
  });

  test("feedback stars are 1 to 5", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    expect(await sqlState(insertRow(db, "feedback", { event_id: event, overall: 6 }))).toBe(CHECK);
    await insertRow(db, "feedback", { event_id: event, overall: 5, audio_quality: 1 });
  });

  test("ids and id lists come back as numbers on both engines", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel());
    const user = await g.user();
    await db.query(
      "INSERT INTO events_users_roles (event_id, user_id, event_role, video_session_ids) VALUES ($1, $2, 'speaker', $3)",
      [event, user, [7, 9]],
    );
    const [row] = await db.query<{ id: number; video_session_ids: number[] }>(
      "SELECT id, video_session_ids FROM events_users_roles WHERE event_id = $1",
      [event],
    );
    expect(typeof row?.id).toBe("number");
    expect(row?.video_session_ids).toEqual([7, 9]);
  });
});
