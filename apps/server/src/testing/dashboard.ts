import type { FastifyInstance } from "fastify";
import type { Database } from "../platform/database";
import { signedIn } from "./app";
import { TestClient } from "./client";
import { given } from "./given";

// Test set-up shared by the dashboard suites: a channel with its team, one of its events with event
// roles, and people who must be refused (a stranger, a guest, a member of another channel).

export async function clientFor(server: FastifyInstance, db: Database, userId: number): Promise<TestClient> {
  const client = new TestClient(server);
  const [name, value] = (await signedIn(db, userId)).cookie.split("=") as [string, string];
  client.setCookie(name, value);
  return client;
}

export type Person =
  | "owner"
  | "admin"
  | "member"
  | "host"
  | "eventAdmin"
  | "moderator"
  | "guest"
  | "stranger"
  | "otherChannel";

export async function dashWorld(server: FastifyInstance, db: Database) {
  const g = given(db);
  const channel = await g.channel();
  const otherChannel = await g.channel();
  const event = await g.event(channel, { timezone: "Europe/Paris" });
  const session = await g.session(event);
  const otherEvent = await g.event(otherChannel);
  await g.session(otherEvent);
  const ids = {} as Record<Person, number>;
  for (const person of [
    "owner",
    "admin",
    "member",
    "host",
    "eventAdmin",
    "moderator",
    "guest",
    "stranger",
    "otherChannel",
  ] as const) {
    ids[person] = await g.user({ first_name: person });
  }
  await g.member(channel, ids.owner, "owner");
  await g.member(channel, ids.admin, "admin");
  await g.member(channel, ids.member, "member");
  await g.member(otherChannel, ids.otherChannel, "owner");
  await g.role(event, ids.host, "host");
  await g.role(event, ids.eventAdmin, "admin");
  await g.role(event, ids.moderator, "moderator");
  await g.role(event, ids.guest, "guest");
  await g.registration(event, ids.guest);
  const as = (person: Person) => clientFor(server, db, ids[person]);
  return {
    g,
    channel,
    otherChannel,
    event,
    session,
    otherEvent,
    ids,
    as,
    anonymous: () => new TestClient(server),
  };
}

export type DashWorld = Awaited<ReturnType<typeof dashWorld>>;

/** The user's role on the channel's team, or null. */
export async function teamRoleOf(db: Database, channel: number, userId: number): Promise<string | null> {
  const [row] = await db.query<{ role: string }>(
    "SELECT role FROM organization_members WHERE organization_id = $1 AND user_id = $2",
    [channel, userId],
  );
  return row?.role ?? null;
}

const HOUR_MS = 3_600_000;
export const inHours = (h: number) => new Date(Date.now() + h * HOUR_MS).toISOString();
