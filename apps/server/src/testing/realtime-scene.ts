import { parseTopic, type Topic, type TopicBody, type TopicKind, type TopicMessage } from "@onstage/domain";
import type { Database } from "../platform/database";
import { insertRow } from "../platform/database/insert";
import { withOutbox } from "../platform/realtime/outbox";
import type { Publisher } from "../platform/realtime/port";
import { signedIn } from "./app";
import { given } from "./given";

/**
 * An event (registration required) with a regular session, its public and backstage chats, and one
 * person of every kind the authorisation table speaks of, each with a session cookie.
 */
export async function realtimeScene(db: Database, eventFields: Record<string, unknown> = {}) {
  const g = given(db);
  const channel = await g.channel();
  const event = await g.event(channel, eventFields);
  const session = await g.session(event);
  const otherSession = await g.session(event);
  const publicChat = await insertRow(db, "chats", { video_session_id: session, chat_type: "public" });
  const backstageChat = await insertRow(db, "chats", { video_session_id: session, chat_type: "backstage" });

  const person = async (setup: (userId: number) => Promise<unknown>) => {
    const userId = await g.user();
    await setup(userId);
    return { userId, cookie: (await signedIn(db, userId)).cookie };
  };
  const registeredGuest = async (userId: number) => {
    await g.registration(event, userId);
    await g.role(event, userId, "guest");
  };
  const speaker = (sessions: number[]) => (userId: number) =>
    insertRow(db, "events_users_roles", {
      event_id: event,
      user_id: userId,
      event_role: "speaker",
      video_session_ids: sessions,
    });
  const people = {
    registeredGuest: await person(registeredGuest),
    unregisteredUser: await person(async () => undefined),
    assignedSpeaker: await person(speaker([session])),
    unassignedSpeaker: await person(speaker([otherSession])),
    moderator: await person((u) => g.role(event, u, "moderator")),
    host: await person((u) => g.role(event, u, "host")),
    channelMember: await person((u) => g.member(channel, u, "member")),
    banned: await person(async (u) => {
      await registeredGuest(u);
      await g.ban(u, channel, { ban_type: "event", event_id: event });
    }),
    shadowBanned: await person(async (u) => {
      await registeredGuest(u);
      await g.ban(u, channel, { ban_type: "event", event_id: event, is_shadow: true });
    }),
  };
  return {
    channel,
    event,
    session,
    otherSession,
    publicChat,
    backstageChat,
    people,
    topics: {
      event: `event:${event}`,
      session: `session:${session}`,
      publicChat: `chat:${publicChat}`,
      backstageChat: `chat:${backstageChat}`,
      presence: `presence:${session}`,
    },
  };
}

/** Commits `count` messages on a topic, one transaction each, published after commit. */
export async function publishChanges(
  db: Database,
  publisher: Publisher,
  topic: string,
  count: number,
): Promise<TopicMessage[]> {
  const ref = parseTopic(topic);
  if (!ref) throw new Error(`not a topic: ${topic}`);
  const sent: TopicMessage[] = [];
  for (let i = 0; i < count; i += 1) {
    sent.push(await withOutbox(db, publisher, (_tx, outbox) => outbox.write(ref, sampleBody(ref, i))));
  }
  return sent;
}

const AT = "2026-01-01T00:00:00.000Z";

/** The n-th made-up message of a topic: one its contract accepts (a chat's carries `message n`). */
function sampleBody(topic: Topic, n: number): TopicBody<TopicKind> {
  const id = n + 1;
  switch (topic.kind) {
    case "chat": {
      const user = { id: 1, firstName: "Test", lastName: "User", profilePhoto: null };
      const payload = {
        id,
        chatId: topic.id,
        userId: 1,
        message: `message ${n}`,
        timestamp: AT,
        updatedAt: null,
        deletedAt: null,
        user,
        reactions: [],
      };
      return { kind: "change", table: "chat_messages", event: "INSERT", payload };
    }
    case "session": {
      const payload = {
        id: topic.id,
        eventId: 1,
        organizationId: 1,
        title: `take ${n}`,
        state: "scheduled",
        sessionType: "regular",
        broadcastType: "webrtc",
        hideAudience: false,
        disableChat: n % 2 === 1,
        allowRaisingHands: true,
        openStage: false,
        disableQa: false,
        isRecording: false,
        timeBroadcastStart: null,
        timeBroadcastEnd: null,
      } as const;
      return { kind: "change", table: "video_sessions", event: "UPDATE", payload };
    }
    case "presence": {
      const payload = {
        userId: id,
        sessionId: topic.id,
        state: "active",
        lastSeen: AT,
        firstName: "Test",
        lastName: "User",
        profilePhoto: null,
      } as const;
      return { kind: "change", table: "video_session_users", event: "UPDATE", payload };
    }
    case "event":
      return { kind: "broadcast", event: "registration.created", payload: { registeredCount: id } };
    case "user":
      return { kind: "broadcast", event: "banned", payload: { eventId: id } };
  }
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
