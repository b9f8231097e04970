import type { TopicMessage } from "@onstage/domain";
import type { FastifyInstance } from "fastify";
import type { Database } from "../platform/database";
import type { Realtime } from "../platform/realtime/port";
import { signedIn } from "./app";
import { TestClient } from "./client";
import { given } from "./given";

// The test scene of the room, chat, presence, people, moderation, stage and realtime suites.

/** An HTTP client on `server` holding a session cookie (`name=value`). */
function clientWithCookie(server: FastifyInstance, cookie: string): TestClient {
  const client = new TestClient(server);
  const [name = "", value = ""] = cookie.split("=");
  client.setCookie(name, value);
  return client;
}

export async function clientOf(server: FastifyInstance, db: Database, userId: number): Promise<TestClient> {
  return clientWithCookie(server, (await signedIn(db, userId)).cookie);
}

interface SceneOptions {
  event?: Record<string, unknown>;
  session?: Record<string, unknown>;
}

const VERIFIED = { email_verified_at: new Date() };

/**
 * The one scene of the room and realtime suites: a channel's event (registration required) with a
 * broadcasting session and a second one, public and backstage chats and their topics, and one
 * signed-in person (a session cookie) of each kind the rules speak of, verified e-mails unless named
 * otherwise. `person` adds another; `registered` makes a user a registered guest.
 */
export async function sessionScene(db: Database, options: SceneOptions = {}) {
  const g = given(db);
  const channel = await g.channel();
  const event = await g.event(channel, options.event);
  const session = await g.session(event, { state: "broadcasting", ...options.session });
  const otherSession = await g.session(event, { state: "broadcasting" });
  const publicChat = await g.chat(session, "public");
  const backstageChat = await g.chat(session, "backstage");

  const person = async (
    setup: (userId: number) => Promise<unknown>,
    fields: Record<string, unknown> = VERIFIED,
  ) => {
    const userId = await g.user(fields);
    await setup(userId);
    return { userId, cookie: (await signedIn(db, userId)).cookie };
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
    speaker: await person((u) => g.speaker(event, u, [session])),
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
    person,
    registered,
    topics: {
      event: `event:${event}`,
      session: `session:${session}`,
      publicChat: `chat:${publicChat}`,
      backstageChat: `chat:${backstageChat}`,
      presence: `presence:${session}`,
    },
  };
}

export type SessionScene = Awaited<ReturnType<typeof sessionScene>>;
type ScenePerson = SessionScene["people"][keyof SessionScene["people"]];

/** `sessionScene` for the HTTP suites: every person with a client on `server`, and a visitor. */
export async function roomScene(server: FastifyInstance, db: Database, options: SceneOptions = {}) {
  const scene = await sessionScene(db, options);
  const withClient = (p: ScenePerson) => ({ ...p, client: clientWithCookie(server, p.cookie) });
  const entries = Object.entries(scene.people).map(([who, p]) => [who, withClient(p)]);
  const people = Object.fromEntries(entries) as {
    [Who in keyof SessionScene["people"]]: ReturnType<typeof withClient>;
  };
  return {
    ...scene,
    people,
    person: async (...args: Parameters<SessionScene["person"]>) => withClient(await scene.person(...args)),
    visitor: new TestClient(server),
  };
}

export type RoomScene = Awaited<ReturnType<typeof roomScene>>;
export type Who = keyof RoomScene["people"];

/**
 * The role matrix's clients by name: the scene's people, the visitor, and those the scene lacks (a
 * channel admin, an event admin, a speaker of the other session, and a user holding `bannedRole` on
 * the event but banned from it).
 */
export async function roleMatrixClients(s: RoomScene, bannedRole: "moderator" | "admin" | "guest") {
  const extra = {
    channelAdmin: await s.person((u) => s.g.member(s.channel, u, "admin")),
    eventAdmin: await s.person((u) => s.g.role(s.event, u, "admin")),
    otherSpeaker: await s.person((u) => s.g.speaker(s.event, u, [s.otherSession])),
    banned: await s.person(async (u) => {
      await s.g.role(s.event, u, bannedRole);
      await s.g.ban(u, s.channel, { ban_type: "event", event_id: s.event });
    }),
  };
  const clients: Record<string, TestClient> = { visitor: s.visitor };
  for (const [name, person] of Object.entries({ ...s.people, ...extra })) clients[name] = person.client;
  return (who: string) => {
    const client = clients[who];
    if (!client) throw new Error(`no ${who} in the role matrix`);
    return client;
  };
}

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
    async reauthorize() {},
  };
}

export const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code?: string } }).error?.code;

/** A user's presence state in the session as `viewer` reads the live-users list; "absent" when not listed. */
export async function presenceStateOf(viewer: TestClient, sessionId: number, userId: number) {
  const res = await viewer.get(`/api/video-session/live-users?video_session_id=${sessionId}`);
  const { users } = res.json() as { users: { userId: number; state: string }[] };
  return users.find((u) => u.userId === userId)?.state ?? "absent";
}
