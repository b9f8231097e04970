import type { TopicMessage } from "@onstage/domain";
import type { Database } from "../../platform/database";
import { insertRow } from "../../platform/database/insert";
import { withOutbox } from "../../platform/realtime/outbox";
import type { Publisher } from "../../platform/realtime/port";
import { signedIn } from "../../testing/app";
import { given } from "../../testing/given";

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

/** Commits `count` chat-message changes on a topic, one transaction each, published after commit. */
export async function publishChanges(
  db: Database,
  publisher: Publisher,
  topic: string,
  count: number,
): Promise<TopicMessage[]> {
  const sent: TopicMessage[] = [];
  for (let i = 0; i < count; i += 1) {
    const message = await withOutbox(db, publisher, (_tx, outbox) =>
      outbox.change(topic, "INSERT", "chat_messages", { n: i, message: `message ${i}` }),
    );
    sent.push(message);
  }
  return sent;
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
