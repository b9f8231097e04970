import type { FastifyInstance } from "fastify";
import type { Database } from "../platform/database";
import { signedIn } from "./app";
import { TestClient } from "./client";
import { given } from "./given";

/** A new user signed in through a browser-like client. */
export async function newAttendee(
  server: FastifyInstance,
  db: Database,
  address?: string,
): Promise<{ userId: number; client: TestClient }> {
  const userId = await given(db).user();
  return { userId, client: await clientOf(server, db, userId, address) };
}

export async function clientOf(
  server: FastifyInstance,
  db: Database,
  userId: number,
  address?: string,
): Promise<TestClient> {
  const client = new TestClient(server, address);
  const { cookie } = await signedIn(db, userId);
  const [name = "", value = ""] = cookie.split("=");
  client.setCookie(name, value);
  return client;
}

export async function registrationCount(db: Database, eventId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM event_registrations WHERE event_id = $1",
    [eventId],
  );
  return row?.n ?? 0;
}

export const errorCode = (res: { json: () => unknown }) =>
  (res.json() as { error?: { code?: string } }).error?.code;
