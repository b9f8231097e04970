import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { App } from "../app";
import { type Database, openDatabase } from "../platform/database";
import { DATABASE_RETRY_AFTER_S } from "../platform/database/outage";
import { buildTestApp } from "../testing/app";
import { freshDatabase } from "../testing/databases";
import { freePort } from "../testing/free-port";
import { expectServerError, serverErrorsSoFar } from "../testing/server-errors";

// Issue 23 §2.11: the PostgreSQL server goes away for a while (here the only road to it, a TCP relay on
// loopback, is cut), then comes back.

/** A TCP relay to 127.0.0.1:5432 that can be cut: every connection dropped, new ones refused. */
function relay(port: number) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  return {
    async open() {
      server = createServer((client) => {
        const upstream = connect(5432, "127.0.0.1");
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      await new Promise<void>((listening) => server?.listen(port, "127.0.0.1", listening));
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => (server ? server.close(() => closed()) : closed()));
    },
  };
}

let app: App;
let db: Database;
let drop: () => Promise<void>;
let road: ReturnType<typeof relay>;
beforeAll(async () => {
  const fresh = await freshDatabase("postgres");
  drop = fresh.drop;
  const roadPort = await freePort();
  road = relay(roadPort);
  await road.open();
  const url = new URL(fresh.url ?? "");
  url.port = String(roadPort);
  db = await openDatabase({ url: url.toString() });
  app = await buildTestApp(db);
});
afterAll(async () => {
  await app.server.close();
  await road.cut();
  await db.close().catch(() => undefined);
  await drop();
});

const upcoming = () => app.server.inject({ method: "GET", url: "/api/events/upcoming" });

test("while the database is away every request is a 503 with a retry hint, logged once; then all is well", async () => {
  expect((await upcoming()).statusCode).toBe(200);
  expectServerError(/the database is unreachable/);
  await road.cut();
  const answers = await Promise.all(Array.from({ length: 30 }, upcoming));
  for (const answer of answers) {
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(answer.json()).toMatchObject({ error: { code: "database_unavailable" } });
  }
  expect(serverErrorsSoFar()).toHaveLength(1);

  await road.open();
  expect((await upcoming()).statusCode).toBe(200);
});
