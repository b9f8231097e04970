import { CHAT_PAGE_SIZE } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, roomScene, type Who } from "../../testing/room-scene";

const history = (query: string) => `/api/chat/messages?${query}`;

describeOnEachDatabase("GET /api/chat/messages", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);

  test.each([
    {
      case: "a visitor of an event that needs registration",
      who: "visitor",
      status: 401,
      code: "unauthorized",
    },
    { case: "a signed-in user who is not registered", who: "outsider", status: 403, code: "forbidden" },
    { case: "a guest on backstage chat", who: "guest", chat: "backstage", status: 403, code: "forbidden" },
    {
      case: "an unknown chat",
      who: "guest",
      query: "chat_id=987654321",
      status: 404,
      code: "chat_not_found",
    },
    {
      case: "a chat id that is not a number",
      who: "guest",
      query: "chat_id=abc",
      status: 400,
      code: "invalid_request",
    },
    {
      case: "a page above the page size",
      who: "guest",
      extra: `&limit=${CHAT_PAGE_SIZE + 1}`,
      status: 400,
      code: "invalid_request",
    },
    { case: "an unknown field", who: "guest", extra: "&user_id=1", status: 400, code: "invalid_request" },
    {
      case: "a before_time that is not a time",
      who: "guest",
      extra: "&before_time=yesterday",
      status: 400,
      code: "invalid_request",
    },
  ] as {
    case: string;
    who: Who | "visitor";
    chat?: "backstage";
    query?: string;
    extra?: string;
    status: number;
    code: string;
  }[])("$case → $status $code", async ({ who, chat, query, extra, status, code }) => {
    const s = await scene();
    const client = who === "visitor" ? s.visitor : s.people[who].client;
    const chatId = chat === "backstage" ? s.backstageChat : s.publicChat;
    const res = await client.get(history(query ?? `chat_id=${chatId}${extra ?? ""}`));
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
  });

  test("pages go by id descending, older pages below before_id, with hasMore", async () => {
    const s = await scene();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push(await s.g.chatMessage(s.publicChat, s.people.guest.userId, { message: `m${i}` }));
    const page = async (query: string) => (await s.people.otherGuest.client.get(history(query))).json();

    const first = await page(`chat_id=${s.publicChat}&limit=2`);
    expect(first.messages.map((m: { message: string }) => m.message)).toEqual(["m5", "m4"]);
    expect(first.hasMore).toBe(true);
    const second = await page(`chat_id=${s.publicChat}&limit=2&before_id=${first.messages[1].id}`);
    expect(second.messages.map((m: { message: string }) => m.message)).toEqual(["m3", "m2"]);
    expect(second.hasMore).toBe(true);
    const last = await page(`chat_id=${s.publicChat}&limit=2&before_id=${second.messages[1].id}`);
    expect(last.messages.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(last.hasMore).toBe(false);
  });

  test("the replay's page: messages at or before before_time, newest first, older pages by before_id", async () => {
    const s = await scene();
    const T = Date.parse("2026-11-24T10:00:00Z");
    for (let minute = 1; minute <= 5; minute++)
      await s.g.chatMessage(s.publicChat, s.people.guest.userId, {
        message: `minute ${minute}`,
        timestamp: new Date(T + minute * 60_000),
      });
    const page = async (query: string) =>
      (await s.people.otherGuest.client.get(history(`chat_id=${s.publicChat}&${query}`))).json();
    const at3 = await page(`limit=2&before_time=${new Date(T + 3 * 60_000).toISOString()}`);
    expect(at3.messages.map((m: { message: string }) => m.message)).toEqual(["minute 3", "minute 2"]);
    expect(at3.hasMore).toBe(true);
    const older = await page(
      `limit=2&before_time=2026-11-24T12:03:00%2B02:00&before_id=${at3.messages[1].id}`,
    );
    expect(older.messages.map((m: { message: string }) => m.message)).toEqual(["minute 1"]);
    expect(older.hasMore).toBe(false);
    expect((await page(`before_time=${new Date(T).toISOString()}`)).messages).toEqual([]);
  });

  test("a message carries its author's name and photo, its reactions, and the page the topic's seq", async () => {
    const s = await scene();
    await use().query(
      "UPDATE users SET first_name = 'Ada', last_name = 'Lovelace', profile_photo = '/files/a.jpg' WHERE id = $1",
      [s.people.guest.userId],
    );
    const sent = await s.people.guest.client.post("/api/chat/messages", {
      chat_id: s.publicChat,
      message: "hi",
    });
    const id = sent.json().message.id;
    await s.people.otherGuest.client.post("/api/chat/reactions", { chat_message_id: id, reaction: "👍" });
    const body = (await s.people.otherGuest.client.get(history(`chat_id=${s.publicChat}`))).json();
    expect(body.seq).toBe(2);
    expect(body.messages).toEqual([
      expect.objectContaining({
        id,
        chatId: s.publicChat,
        userId: s.people.guest.userId,
        message: "hi",
        deletedAt: null,
        updatedAt: null,
        user: {
          id: s.people.guest.userId,
          firstName: "Ada",
          lastName: "Lovelace",
          profilePhoto: "/files/a.jpg",
        },
        reactions: [
          { chatMessageId: id, chatId: s.publicChat, userId: s.people.otherGuest.userId, reaction: "👍" },
        ],
      }),
    ]);
  });

  test("an empty chat answers no messages and sequence 0", async () => {
    const s = await scene();
    expect((await s.people.guest.client.get(history(`chat_id=${s.publicChat}`))).json()).toEqual({
      messages: [],
      hasMore: false,
      seq: 0,
    });
  });

  test("deleted messages are left out", async () => {
    const s = await scene();
    await s.g.chatMessage(s.publicChat, s.people.guest.userId, { message: "kept" });
    await s.g.chatMessage(s.publicChat, s.people.guest.userId, { message: "gone", deleted_at: new Date() });
    const body = (await s.people.guest.client.get(history(`chat_id=${s.publicChat}`))).json();
    expect(body.messages.map((m: { message: string }) => m.message)).toEqual(["kept"]);
  });

  test("a shadow-banned author's messages and reactions are seen by the author only", async () => {
    const s = await scene();
    const shadow = s.people.otherGuest;
    await s.g.ban(shadow.userId, s.channel, { ban_type: "event", event_id: s.event, is_shadow: true });
    const visible = await s.g.chatMessage(s.publicChat, s.people.guest.userId, { message: "visible" });
    await s.g.chatMessage(s.publicChat, shadow.userId, { message: "hidden" });
    await use().query(
      "INSERT INTO chat_reactions (chat_message_id, user_id, reaction, chat_id) VALUES ($1, $2, '🔥', $3)",
      [visible, shadow.userId, s.publicChat],
    );
    const seenBy = async (who: "guest" | "host" | "otherGuest") =>
      (await s.people[who].client.get(history(`chat_id=${s.publicChat}`))).json().messages as {
        message: string;
        reactions: unknown[];
      }[];
    for (const who of ["guest", "host"] as const) {
      const messages = await seenBy(who);
      expect(messages.map((m) => m.message)).toEqual(["visible"]);
      expect(messages[0]?.reactions).toEqual([]);
    }
    const own = await seenBy("otherGuest");
    expect(own.map((m) => m.message)).toEqual(["hidden", "visible"]);
    expect(own[1]?.reactions).toHaveLength(1);
  });

  test("a banned user reads nothing", async () => {
    const s = await scene();
    await s.g.ban(s.people.guest.userId, s.channel, { ban_type: "event", event_id: s.event });
    const res = await s.people.guest.client.get(history(`chat_id=${s.publicChat}`));
    expect(res.statusCode).toBe(403);
    expect(errorCode(res)).toBe("banned");
  });
});
