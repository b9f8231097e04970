import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { RealtimeEvents, type TopicMessage } from "@onstage/domain";
import { Server } from "socket.io";
import { type Socket as ClientSocket, io as connect } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { eventually } from "../../testing/realtime";
import { range } from "../../testing/sample-messages";
import { type LocalFanOut, localFanOut } from "./fan-out";
import type { RealtimeIo, RealtimeSocket } from "./socket";

// The fan-out on a real Socket.IO server (configured as server.ts does) with real clients: one frame
// written per socket per turn, so every run spans as many turns as it has subscribers.
const TOPIC = "chat:1";
const VIEWERS = 5;

const httpServer = createServer();
const io: RealtimeIo = new Server(httpServer, { transports: ["websocket"], perMessageDeflate: false });
const fanOut: LocalFanOut = localFanOut(io, 1);
let clients: Array<{ socket: ClientSocket; frames: unknown[][] }> = [];
let serverSockets: RealtimeSocket[] = [];

const message = (seq: number): TopicMessage => ({
  topic: TOPIC,
  seq,
  kind: "change",
  table: "chat_messages",
  event: "INSERT",
  payload: { id: seq },
  at: new Date(0).toISOString(),
});
const seqsOf = (frames: unknown[][]) =>
  frames.flatMap(([event, batch]) =>
    event === "messages" ? (batch as TopicMessage[]).map((m) => m.seq) : [],
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  io.on("connection", (socket) => {
    socket.join(TOPIC);
    serverSockets.push(socket);
  });
});

beforeEach(async () => {
  for (const client of clients) client.socket.close();
  clients = [];
  serverSockets = [];
  const { port } = httpServer.address() as AddressInfo;
  for (let i = 0; i < VIEWERS; i++) {
    const socket = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"], forceNew: true });
    const client = { socket, frames: [] as unknown[][] };
    socket.onAny((event, ...args) => client.frames.push([event, ...args]));
    clients.push(client);
  }
  await eventually("every viewer subscribed", () => serverSockets.length === VIEWERS);
});

afterAll(async () => {
  for (const client of clients) client.socket.close();
  await io.close();
});

test("every subscriber gets each batch once, in sequence order, while runs span turns", async () => {
  fanOut.send(TOPIC, [message(1)]);
  // The first run has started (its first write went out at once): the next batch is a run of its own,
  // and the one after joins it, sorted, since it has not started yet.
  fanOut.send(TOPIC, [message(3), message(2)]);
  fanOut.send(TOPIC, [message(5), message(4)]);
  await eventually("every batch", () => clients.every((c) => seqsOf(c.frames).length === 5));
  for (const client of clients) {
    expect(seqsOf(client.frames)).toEqual(range(1, 5));
    expect(client.frames.map(([, batch]) => (batch as TopicMessage[]).length)).toEqual([1, 4]);
  }
});

test("a socket that leaves the topic while a run is under way gets nothing more of it", async () => {
  fanOut.send(TOPIC, [message(1)]);
  const last = serverSockets.at(-1) as RealtimeSocket;
  last.leave(TOPIC);
  fanOut.send(TOPIC, [message(2)]);
  await eventually("the others", () => clients.slice(0, -1).every((c) => seqsOf(c.frames).length === 2));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seqsOf(clients.at(-1)?.frames ?? [])).toEqual([]);
});

test("a batch never overtakes the packets Engine.IO still holds for that connection", async () => {
  const first = serverSockets[0] as RealtimeSocket;
  // The first packet is being written; the second waits in Engine.IO's queue.
  first.emit("notice", "a");
  first.emit("notice", "b");
  fanOut.send(TOPIC, [message(1)]);
  await eventually("the batch", () => clients.every((c) => seqsOf(c.frames).length === 1));
  expect(clients[0]?.frames.map(([event, data]) => (event === "notice" ? data : event))).toEqual([
    "a",
    "b",
    RealtimeEvents.messages,
  ]);
});

test("finish writes what is still waiting before the connections close", async () => {
  fanOut.send(TOPIC, [message(1)]);
  fanOut.send(TOPIC, [message(2)]);
  fanOut.finish();
  // As a node shutting down does: what finish wrote is ahead of the close on every connection.
  for (const socket of serverSockets) socket.disconnect(true);
  await eventually("both batches", () => clients.every((c) => seqsOf(c.frames).length === 2));
});
