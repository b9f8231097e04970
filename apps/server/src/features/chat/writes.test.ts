import { CHAT_MESSAGE_MAX_LENGTH, CHAT_SENDS_PER_10_SECONDS } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene, topicMessages, type Who } from "../../testing/room-scene";

const SEND = "/api/chat/messages";

describeOnEachDatabase("chat writes", (use) => {
  const app = useTestApp(use);
  const scene = (options?: Parameters<typeof roomScene>[2]) => roomScene(app().server, use(), options);
  const send = (s: RoomScene, who: Who, message: string, chatId = s.publicChat) =>
    s.people[who].client.post(SEND, { chat_id: chatId, message });

  test.each([
    { case: "a visitor", who: "visitor", status: 401, code: "unauthorized" },
    {
      case: "a chat id of the wrong type",
      who: "guest",
      body: { chat_id: "1", message: "hi" },
      status: 400,
      code: "invalid_request",
    },
    {
      case: "a forged user id",
      who: "guest",
      body: { user_id: 1, message: "hi" },
      status: 400,
      code: "invalid_request",
    },
    { case: "an empty message", who: "guest", message: "", status: 400, code: "bad_request" },
    { case: "a message of spaces", who: "guest", message: "   \n\t ", status: 400, code: "bad_request" },
    {
      case: "a message too long",
      who: "guest",
      message: "x".repeat(CHAT_MESSAGE_MAX_LENGTH + 1),
      status: 400,
      code: "bad_request",
    },
    { case: "an unverified e-mail", who: "unverified", status: 403, code: "email_not_verified" },
    { case: "a guest on backstage chat", who: "guest", chat: "backstage", status: 403, code: "forbidden" },
    { case: "a user of another event", who: "outsider", status: 403, code: "forbidden" },
    { case: "another event's chat", who: "guest", chat: "foreign", status: 403, code: "forbidden" },
    { case: "an unknown chat", who: "guest", chat: "unknown", status: 404, code: "chat_not_found" },
    { case: "a banned user", who: "guest", banned: true, status: 403, code: "banned" },
    { case: "a guest in a disabled chat", who: "guest", disabled: true, status: 409, code: "chat_disabled" },
    { case: "a speaker in a disabled chat", who: "speaker", disabled: true, status: 201, code: undefined },
    { case: "a speaker on backstage chat", who: "speaker", chat: "backstage", status: 201, code: undefined },
  ] as {
    case: string;
    who: Who | "visitor";
    body?: Record<string, unknown>;
    message?: string;
    chat?: "backstage" | "foreign" | "unknown";
    banned?: boolean;
    disabled?: boolean;
    status: number;
    code?: string;
  }[])("$case → $status $code", async ({ who, body, message, chat, banned, disabled, status, code }) => {
    const s = await scene({ session: { disable_chat: disabled ?? false } });
    if (banned) await s.g.ban(s.people.guest.userId, s.channel, { ban_type: "event", event_id: s.event });
    let chatId = s.publicChat;
    if (chat === "backstage") chatId = s.backstageChat;
    if (chat === "unknown") chatId = 987654321;
    if (chat === "foreign") chatId = (await scene()).publicChat;
    const client = who === "visitor" ? s.visitor : s.people[who].client;
    const res = await client.post(SEND, body ?? { chat_id: chatId, message: message ?? "hello" });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(code);
  });

  test("a message is stored trimmed but otherwise as typed, and published on its chat topic", async () => {
    const s = await scene();
    const res = await send(s, "guest", '  <b>hi</b> <a href="javascript:alert(1)">x</a>  ');
    expect(res.statusCode).toBe(201);
    const { message } = res.json();
    expect(message.message).toBe('<b>hi</b> <a href="javascript:alert(1)">x</a>');
    expect(message.userId).toBe(s.people.guest.userId);
    expect(await topicMessages(use(), `chat:${s.publicChat}`)).toEqual([
      { seq: 1, kind: "change", event: "INSERT", table_name: "chat_messages", payload: message },
    ]);
  });

  test("a shadow-banned author's message is stored and answered but published to nobody", async () => {
    const s = await scene();
    await s.g.ban(s.people.guest.userId, s.channel, {
      ban_type: "event",
      event_id: s.event,
      is_shadow: true,
    });
    const res = await send(s, "guest", "psst");
    expect(res.statusCode).toBe(201);
    expect(res.json().message.message).toBe("psst");
    expect(await topicMessages(use(), `chat:${s.publicChat}`)).toEqual([]);
    const [row] = await use().query("SELECT message FROM chat_messages WHERE id = $1", [
      res.json().message.id,
    ]);
    expect(row).toEqual({ message: "psst" });
  });

  test("a flood is refused with 429 while another user still posts", async () => {
    const s = await scene();
    for (let i = 0; i < CHAT_SENDS_PER_10_SECONDS; i++) {
      expect((await send(s, "guest", `m${i}`)).statusCode).toBe(201);
    }
    const flood = await send(s, "guest", "one too many");
    expect(flood.statusCode).toBe(429);
    expect(errorCode(flood)).toBe("chat_rate_limited");
    expect((await send(s, "otherGuest", "still here")).statusCode).toBe(201);
  });

  test("only the author edits; an edit is published, an unchanged text is not", async () => {
    const s = await scene();
    const { message } = (await send(s, "guest", "first")).json();
    const edit = (who: Who, text: string, id = message.id) =>
      s.people[who].client.post("/api/chat/messages/edit", { id, message: text });

    expect((await edit("otherGuest", "mine now")).statusCode).toBe(403);
    expect((await edit("moderator", "mine now")).statusCode).toBe(403);
    expect(errorCode(await edit("guest", "  "))).toBe("bad_request");
    expect(errorCode(await edit("guest", "x", 987654321))).toBe("message_not_found");
    const edited = await edit("guest", " second ");
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toMatchObject({ id: message.id, message: "second" });
    expect(edited.json().message.updatedAt).not.toBeNull();
    expect((await edit("guest", "second")).statusCode).toBe(200);
    const published = await topicMessages(use(), `chat:${s.publicChat}`);
    expect(published.map((m) => m.event)).toEqual(["INSERT", "UPDATE"]);
    expect(published[1]?.payload).toEqual(edited.json().message);
  });

  test("the author or whoever manages people deletes; others cannot; deleting twice is fine", async () => {
    const s = await scene();
    const { message: a } = (await send(s, "guest", "a")).json();
    const { message: b } = (await send(s, "guest", "b")).json();
    const remove = (who: Who, id: number) => s.people[who].client.post("/api/chat/messages/delete", { id });

    expect((await remove("otherGuest", a.id)).statusCode).toBe(403);
    expect((await remove("speaker", a.id)).statusCode).toBe(403);
    expect((await remove("guest", a.id)).json()).toEqual({ ok: true });
    expect((await remove("moderator", b.id)).statusCode).toBe(200);
    expect((await remove("moderator", b.id)).statusCode).toBe(200);

    const updates = (await topicMessages(use(), `chat:${s.publicChat}`)).filter((m) => m.event === "UPDATE");
    expect(updates).toHaveLength(2);
    expect(updates[0]?.payload).toMatchObject({ id: a.id, message: "", deletedAt: expect.any(String) });
    const history = (await s.people.guest.client.get(`${SEND}?chat_id=${s.publicChat}`)).json();
    expect(history.messages).toEqual([]);
  });

  test("reactions are added and removed once each and published", async () => {
    const s = await scene();
    const { message } = (await send(s, "guest", "react to me")).json();
    const react = (who: Who, reaction: string, remove = false) =>
      s.people[who].client.post(`/api/chat/reactions${remove ? "/delete" : ""}`, {
        chat_message_id: message.id,
        reaction,
      });

    expect(errorCode(await react("otherGuest", "<b>"))).toBe("bad_request");
    expect(errorCode(await react("unverified", "👍"))).toBe("email_not_verified");
    expect(errorCode(await react("outsider", "👍"))).toBe("forbidden");
    expect((await react("otherGuest", "👍")).json()).toEqual({ ok: true });
    expect((await react("otherGuest", "👍")).statusCode).toBe(200);
    expect((await react("otherGuest", "👍", true)).statusCode).toBe(200);
    expect((await react("otherGuest", "👍", true)).statusCode).toBe(200);

    const reaction = {
      chatMessageId: message.id,
      chatId: s.publicChat,
      userId: s.people.otherGuest.userId,
      reaction: "👍",
    };
    const published = (await topicMessages(use(), `chat:${s.publicChat}`)).filter(
      (m) => m.table_name === "chat_reactions",
    );
    expect(published.map((m) => [m.event, m.payload])).toEqual([
      ["INSERT", reaction],
      ["DELETE", reaction],
    ]);
  });

  test("a shadow-banned user's hidden message cannot be reacted to by others", async () => {
    const s = await scene();
    await s.g.ban(s.people.guest.userId, s.channel, {
      ban_type: "event",
      event_id: s.event,
      is_shadow: true,
    });
    const { message } = (await send(s, "guest", "hidden")).json();
    const res = await s.people.otherGuest.client.post("/api/chat/reactions", {
      chat_message_id: message.id,
      reaction: "👍",
    });
    expect(errorCode(res)).toBe("message_not_found");
  });

  test.each([
    { who: "guest", status: 403 },
    { who: "moderator", status: 403 },
    { who: "speaker", status: 403 },
    { who: "host", status: 200 },
    { who: "member", status: 200 },
  ] as { who: Who; status: number }[])("toggle-chat by a $who → $status", async ({ who, status }) => {
    const s = await scene();
    const res = await s.people[who].client.post("/api/video-session/toggle-chat", {
      disable_chat: true,
      video_session_id: s.session,
      event_id: s.event,
    });
    expect(res.statusCode).toBe(status);
  });

  test("toggle-chat publishes the session once per change and refuses another event's session", async () => {
    const s = await scene();
    const toggle = (disable: boolean, eventId = s.event) =>
      s.people.host.client.post("/api/video-session/toggle-chat", {
        disable_chat: disable,
        video_session_id: s.session,
        event_id: eventId,
      });
    const other = await scene();
    expect(errorCode(await toggle(true, other.event))).toBe("session_not_found");
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await toggle(true)).statusCode).toBe(200);
    const published = await topicMessages(use(), `session:${s.session}`);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ event: "UPDATE", table_name: "video_sessions" });
    expect(published[0]?.payload).toMatchObject({ id: s.session, eventId: s.event, disableChat: true });
    const room = await s.people.guest.client.get(`/api/video-session/room?video_session_id=${s.session}`);
    expect(room.json().session.disableChat).toBe(true);
  });
});
