import type { TopicMessage } from "@onstage/domain";
import type { FastifyInstance } from "fastify";
import type { Database } from "../platform/database";
import type { Realtime } from "../platform/realtime/port";
import { signedIn } from "./app";
import { TestClient } from "./client";
import { given } from "./given";

// Test scenes for the room, chat, presence, people and moderation suites.

export async function clientOf(server: FastifyInstance, db: Database, userId: number): Promise<TestClient> {
  const client = new TestClient(server);
  const { cookie } = await signedIn(db, userId);
  const [name = "", value = ""] = cookie.split("=");
  client.setCookie(name, value);
  return client;
}

/**
 * A channel's event (registration required) with a broadcasting session and a second session, public
 * and backstage chats, and one signed-in person of each kind the rules speak of (verified e-mails
 * unless named otherwise).
 */
export async function roomScene(
  server: FastifyInstance,
  db: Database,
  options: { event?: Record<string, unknown>; session?: Record<string, unknown> } = {},
) {
  const g = given(db);
  const channel = await g.channel();
  const event = await g.event(channel, options.event);
  const session = await g.session(event, { state: "broadcasting", ...options.session });
  const otherSession = await g.session(event, { state: "broadcasting" });
  const publicChat = await g.chat(session, "public");
  const backstageChat = await g.chat(session, "backstage");

  const person = async (
    setup: (userId: number) => Promise<unknown>,
    fields: Record<string, unknown> = { email_verified_at: new Date() },
  ) => {
    const userId = await g.user(fields);
    await setup(userId);
    return { userId, client: await clientOf(server, db, userId) };
  };
  const registered = async (userId: number) => {
    await g.registration(event, userId);
    await g.role(event, userId, "guest");
  };
  const people = {
    guest: await person(registered),
    otherGuest: await person(registered),
    unverified: await person(registered, {}),
    outsider: await person(async () => undefined),
    speaker: await person((u) =>
      db.query(
        "INSERT INTO events_users_roles (event_id, user_id, event_role, video_session_ids) VALUES ($1, $2, 'speaker', $3)",
        [event, u, [session]],
      ),
    ),
    moderator: await person((u) => g.role(event, u, "moderator")),
    host: await person((u) => g.role(event, u, "host")),
    member: await person((u) => g.member(channel, u, "member")),
    owner: await person((u) => g.member(channel, u, "owner")),
  };
  return {
    g,
    channel,
    event,
    session,
    otherSession,
    publicChat,
    backstageChat,
    people,
    visitor: new TestClient(server),
  };
}

export type RoomScene = Awaited<ReturnType<typeof roomScene>>;
export type Who = keyof RoomScene["people"];

/** The messages recorded for a topic (realtime_messages), in sequence order. */
export async function topicMessages(db: Database, topic: string) {
  return db.query<{ seq: number; kind: string; event: string; table_name: string | null; payload: unknown }>(
    "SELECT seq::int AS seq, kind, event, table_name, payload FROM realtime_messages WHERE topic = $1 ORDER BY seq",
    [topic],
  );
}

/** A realtime port that keeps what it is asked to do, for services built directly in tests. */
export function recordingRealtime(): Realtime & {
  published: TopicMessage[];
  evictions: { userId: number; eventIds: readonly number[]; reason: string }[];
} {
  const published: TopicMessage[] = [];
  const evictions: { userId: number; eventIds: readonly number[]; reason: string }[] = [];
  return {
    published,
    evictions,
    publish(messages) {
      published.push(...messages);
    },
    async evict(userId, eventIds, reason) {
      evictions.push({ userId, eventIds, reason });
    },
    endSessions() {},
  };
}

export const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code?: string } }).error?.code;
