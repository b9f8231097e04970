import WebSocket from "ws";
import {
  type Command,
  type ConnectResult,
  Histogram,
  type MeasureResult,
  now,
  percentileOf,
  type Reply,
  stampOf,
  type Target,
} from "./shared";

// The load generator: a separate process that holds the viewers, counts what they receive and measures
// send-to-receipt latency. The bench drives it over the IPC channel (fanout.bench.ts forks it).

/** Message numbers per phase stay below this; each viewer marks what it got to spot duplicates. */
const MAX_MESSAGES = 1024;
const CONNECT_TIMEOUT_MS = 30_000;

interface Viewer {
  close(): void;
  isOpen(): boolean;
  seen: Uint8Array;
}

let viewers: Viewer[] = [];
let histogram = new Histogram();
let deliveries = 0;
/** Frames that carried at least one delivery of this phase. */
let frames = 0;
let duplicates = 0;
let lastReceipt = 0;
let phase = -1;
let onDelivery: (() => void) | null = null;

/** Counts one message; false when it is not one of this phase's. */
function receive(viewer: Viewer, text: unknown): boolean {
  const stamp = stampOf(text);
  if (stamp === null || stamp.phase !== phase) return false;
  const receivedAt = now();
  const n = stamp.n % MAX_MESSAGES;
  if (viewer.seen[n]) duplicates += 1;
  viewer.seen[n] = 1;
  deliveries += 1;
  lastReceipt = receivedAt;
  histogram.record(receivedAt - stamp.sentAt);
  onDelivery?.();
  return true;
}

/** What the bench reads of a topic message. */
interface ChatFrameMessage {
  topic?: string;
  table?: string;
  event?: string;
  payload?: { message?: unknown };
}

/**
 * One Onstage viewer, speaking Socket.IO's wire protocol (Engine.IO 4, Socket.IO 5) over a plain `ws`
 * WebSocket: the same frames a browser's socket.io-client exchanges, but decoded with one JSON.parse
 * per frame, as for the bare ws viewers. Both servers then share the two cores with equally cheap
 * clients, so the ratio compares the servers, not the client libraries.
 */
let viewersOpened = 0;

/** Each viewer its own client address behind the bench's proxy (the server's caps per address, issue 23). */
function viewerAddress(): string {
  const n = viewersOpened++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

function openOnstage(target: Extract<Target, { kind: "onstage" }>): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${target.path}/`, target.url.replace(/^http/, "ws"));
    url.searchParams.set("EIO", "4");
    url.searchParams.set("transport", "websocket");
    const ws = new WebSocket(url, {
      headers: { origin: target.origin, "x-forwarded-for": viewerAddress() },
      handshakeTimeout: CONNECT_TIMEOUT_MS,
    });
    const viewer: Viewer = {
      close: () => ws.close(),
      isOpen: () => ws.readyState === WebSocket.OPEN,
      seen: new Uint8Array(MAX_MESSAGES),
    };
    const fail = (reason: string) => {
      ws.terminate();
      reject(new Error(reason));
    };
    ws.on("error", (err) => fail(`error: ${err.message}`));
    ws.on("message", (data) => {
      const frame = data.toString();
      switch (frame.slice(0, 2)) {
        case "2": // Engine.IO ping
          return ws.send("3");
        case "0{": // Engine.IO open: join the default namespace
          return ws.send("40");
        case "40": // namespace joined: subscribe, asking for acknowledgement 1
          return ws.send(`421${JSON.stringify(["subscribe", { topic: target.topic }])}`);
        case "43": {
          const [ack] = JSON.parse(frame.slice(3)) as [{ status?: string }];
          if (ack?.status === "SUBSCRIBED") return resolve(viewer);
          return fail(`subscribe: ${frame.slice(0, 200)}`);
        }
        case "42": {
          // One topic's batch of a tick: each chat message in it is a delivery of its own.
          const [event, batch] = JSON.parse(frame.slice(2)) as [string, ChatFrameMessage[]];
          if (event !== "messages") return;
          let counted = false;
          for (const m of batch) {
            if (m.topic !== target.topic || m.table !== "chat_messages" || m.event !== "INSERT") continue;
            if (receive(viewer, m.payload?.message)) counted = true;
          }
          if (counted) frames += 1;
          return;
        }
        case "44":
          return fail(`connect_error: ${frame.slice(2, 200)}`);
      }
    });
  });
}

/** One viewer of the bare ws server: a plain WebSocket that parses each frame as the JSON it is. */
function openRaw(target: Extract<Target, { kind: "raw" }>): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target.url, { handshakeTimeout: CONNECT_TIMEOUT_MS });
    const viewer: Viewer = {
      close: () => ws.close(),
      isOpen: () => ws.readyState === WebSocket.OPEN,
      seen: new Uint8Array(MAX_MESSAGES),
    };
    ws.on("error", (err) => reject(new Error(`error: ${err.message}`)));
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as { payload?: { message?: unknown } };
      if (receive(viewer, m.payload?.message)) frames += 1;
    });
    ws.on("open", () => resolve(viewer));
  });
}

const open = (target: Target) => (target.kind === "onstage" ? openOnstage(target) : openRaw(target));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function connect(command: Extract<Command, { type: "connect" }>): Promise<ConnectResult> {
  const joinTimes: number[] = [];
  const errors = new Map<string, number>();
  let failed = 0;
  const started = now();
  let lastJoin = started;
  const join = async () => {
    const t0 = now();
    try {
      viewers.push(await open(command.target));
      lastJoin = now();
      joinTimes.push(lastJoin - t0);
    } catch (err) {
      failed += 1;
      const reason = err instanceof Error ? err.message : String(err);
      errors.set(reason, (errors.get(reason) ?? 0) + 1);
    }
  };
  if (command.spreadMs > 0) {
    // Join storm: arrivals at an even pace over spreadMs, whatever the server's answers.
    const joins: Promise<void>[] = [];
    for (let i = 0; i < command.count; i++) {
      await sleep(started + (i * command.spreadMs) / command.count - now());
      joins.push(join());
    }
    await Promise.all(joins);
  } else {
    let next = 0;
    const worker = async () => {
      while (next < command.count) {
        next += 1;
        await join();
      }
    };
    await Promise.all(Array.from({ length: command.concurrency }, worker));
  }
  return {
    type: "connected",
    requested: command.count,
    connected: joinTimes.length,
    failed,
    errors: [...errors].slice(0, 5).map(([reason, n]) => `${n}x ${reason}`),
    seconds: (lastJoin - started) / 1000,
    joinP50: percentileOf(joinTimes, 0.5),
    joinP99: percentileOf(joinTimes, 0.99),
  };
}

async function measureStop(command: Extract<Command, { type: "measure-stop" }>): Promise<MeasureResult> {
  if (deliveries < command.expected) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, command.drainMs);
      onDelivery = () => {
        if (deliveries < command.expected) return;
        clearTimeout(timer);
        resolve();
      };
    });
    onDelivery = null;
  }
  const seconds = (lastReceipt - command.sendStart) / 1000;
  return {
    type: "measured",
    deliveries,
    frames,
    duplicates,
    deliveriesPerSecond: deliveries > 0 && seconds > 0 ? deliveries / seconds : 0,
    p50: histogram.percentile(0.5),
    p99: histogram.percentile(0.99),
    max: histogram.max,
    open: viewers.filter((v) => v.isOpen()).length,
  };
}

async function handle(command: Command): Promise<Reply> {
  switch (command.type) {
    case "connect":
      return connect(command);
    case "measure-start":
      phase = command.phase;
      histogram = new Histogram();
      deliveries = 0;
      frames = 0;
      duplicates = 0;
      lastReceipt = 0;
      for (const v of viewers) v.seen.fill(0);
      return { type: "ready" };
    case "measure-stop":
      return measureStop(command);
    case "disconnect":
      for (const v of viewers) v.close();
      viewers = [];
      return { type: "done" };
  }
}

process.on("message", (command: Command) => {
  handle(command).then(
    (reply) => process.send?.(reply),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
// The bench gone (crashed or killed): nothing left to measure for.
process.on("disconnect", () => process.exit(0));
process.send?.({ type: "ready" } satisfies Reply);
