import type { Server as HttpServer } from "node:http";
import { REALTIME_PATH, RealtimeEvents, type TopicMessage } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { Server } from "socket.io";
import type { CookiePolicy } from "../../kernel/identity/user-sessions";
import type { Database } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import { openRedisBus } from "../../platform/realtime/redis";
import { topicBatches } from "./batches";
import { busGap } from "./bus-gap";
import { realtimeCaps } from "./caps";
import type { AuthErrorListener } from "./connection";
import { onConnection } from "./connection";
import { evictions, reauthorize } from "./evict";
import { localFanOut } from "./fan-out";
import { allowOrigin, identifyViewer } from "./handshake";
import { watchSlowClients } from "./limits";
import { type NodeSignals, nodeSignals } from "./node-signals";
import type { PresenceHandler } from "./presence";
import { startRetention } from "./retention";
import { type RealtimeIo, type RealtimeSocket, sessionRoom, userRoom } from "./socket";
import { DEFAULT_REALTIME_TUNING, type RealtimeTuning } from "./tuning";

export type { AuthErrorListener } from "./connection";
export type { PresenceHandler } from "./presence";
export type { RealtimeTuning } from "./tuning";

/** A topic's batch, sent by the node whose tick made it to every other node's subscribers. */
const BATCH = "onstage:batch";

export interface RealtimeOptions {
  httpServer: HttpServer;
  db: Database;
  publicUrl: string;
  policy: CookiePolicy;
  log: FastifyBaseLogger;
  /** Client addresses (the caps per address) from X-Forwarded-For, as Fastify's trustProxy. */
  trustProxy: boolean;
  /** Several nodes share topics through Redis pub/sub when set; else in-process. */
  redisUrl?: string;
  /** Shorter limits and timings for tests. */
  tuning?: Partial<RealtimeTuning>;
  /** Spec 2 §9: a subscription refused for its sign-in (the auth-error analytics, throttled by the caller). */
  onAuthError?: AuthErrorListener;
}

export interface RealtimeServer {
  realtime: Realtime;
  /** features/presence handles heartbeats; until one is set they are only authorised and answered. */
  setPresenceHandler(handler: PresenceHandler): void;
  /** A feature's own client events, wired on every new connection after the protocol's. */
  addConnectionHandler(handler: (socket: RealtimeSocket) => void): void;
  /** Per-node caches hear every node's ended sessions here (node-signals.ts). */
  onSessionsEnded: NodeSignals["onSessionsEnded"];
  /** ...and every node's committed messages on topics of a kind. */
  onPublished: NodeSignals["onPublished"];
  /** Deletes messages past retention now (the job also runs on a timer). */
  pruneMessages(): Promise<number>;
  close(): Promise<void>;
}

/** The realtime endpoint (docs/realtime.md) on the app's HTTP server. */
export async function attachRealtime(options: RealtimeOptions): Promise<RealtimeServer> {
  const tuning = { ...DEFAULT_REALTIME_TUNING, ...options.tuning };
  const { db, log } = options;
  const io: RealtimeIo = new Server(options.httpServer, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    serveClient: false,
    // Engine.IO's default, kept on purpose: with it off, a room broadcast encodes its WebSocket frame
    // once for every subscriber (socket.io-adapter's pre-encoded frame); compression would redo it each.
    perMessageDeflate: false,
    // Issue 6 item 7: a larger frame closes that connection (the WebSocket's maxPayload), only it.
    maxHttpBufferSize: tuning.maxFrameBytes,
    pingInterval: tuning.heartbeatMs,
    pingTimeout: tuning.clientTimeoutMs - tuning.heartbeatMs,
    allowRequest: allowOrigin(options.publicUrl),
    // Other upgrades (the compositor's, features/program-feed) may take longer than engine.io's 1 s
    // before answering; that listener refuses the upgrades nobody takes.
    destroyUpgrade: false,
  });

  const bus = options.redisUrl ? await openRedisBus(options.redisUrl, busKey(options.publicUrl), log) : null;
  if (bus) {
    io.adapter(bus.adapter);
    // Other nodes' messages published while Redis was away never reached this node: every client here
    // resubscribes with its last sequences and gets them from realtime_messages (docs/realtime.md).
    bus.onResubscribed(() => io.local.emit(RealtimeEvents.resume, { reason: "redis_reconnected" }));
  }

  // Each node writes its own subscribers' frames; other nodes get the batch once over Redis (queued while
  // it is away). The tick also answers the request that committed before a large fan-out starts.
  const fanOut = localFanOut(io, tuning.fanOutSocketsPerTurn);
  const gap = busGap(io, db, (topic, batch) => fanOut.send(topic, batch), {
    intervalMs: tuning.busGapPollMs,
    log,
  });
  const deliver = (topic: string, batch: TopicMessage[]) => {
    gap.delivered(topic, batch);
    fanOut.send(topic, batch);
  };
  if (bus) {
    io.on(BATCH, deliver);
    bus.onLost(gap.busDown);
    bus.onResubscribed(gap.busUp);
  }
  const batches = topicBatches((topic, batch) => {
    deliver(topic, batch);
    if (bus) io.serverSideEmit(BATCH, topic, batch);
  }, tuning.batchTickMs);

  const signals = nodeSignals(io, bus !== null);
  const evict = evictions(io, { multiNode: bus !== null, timeoutMs: tuning.evictionTimeoutMs, log });
  let presenceHandler: PresenceHandler | null = null;
  const connectionHandlers: Array<(socket: RealtimeSocket) => void> = [];
  const caps = realtimeCaps(tuning, options.trustProxy);
  // The address is counted before the handshake reads the database, the user once it is known.
  io.use(caps.admitAddress);
  io.use(identifyViewer(db, options.policy, log));
  io.use(caps.admitUser);
  io.on("connection", (socket) => {
    onConnection(
      {
        db,
        evictions: evict,
        tuning,
        log,
        caps,
        presenceHandler: () => presenceHandler,
        onAuthError: options.onAuthError,
      },
      socket,
    );
    for (const handler of connectionHandlers) handler(socket);
  });

  const stopWatching = watchSlowClients(
    io,
    {
      checkMs: tuning.slowClientCheckMs,
      maxMessages: tuning.slowClientBufferedMessages,
      maxFrameBytes: tuning.maxFrameBytes,
    },
    log,
  );
  const retention = startRetention(
    db,
    { retentionMs: tuning.retentionMs, intervalMs: tuning.retentionIntervalMs },
    log,
  );

  return {
    realtime: {
      publish(messages) {
        // At once, before the publishing request is answered: its next read must miss the caches.
        signals.published(messages);
        batches.add(messages);
      },
      evict: (userId, eventIds, reason) => evict.evict({ userId, eventIds, reason }),
      endSessions(scope) {
        signals.sessionsEnded(scope);
        const room = "userId" in scope ? userRoom(scope.userId) : sessionRoom(scope.sessionHash);
        io.in(room).disconnectSockets(true);
      },
      reauthorize: (topic) => reauthorize(io, db, topic),
    },
    setPresenceHandler(handler) {
      presenceHandler = handler;
    },
    addConnectionHandler(handler) {
      connectionHandlers.push(handler);
    },
    onSessionsEnded: signals.onSessionsEnded,
    onPublished: signals.onPublished,
    pruneMessages: retention.run,
    async close() {
      stopWatching();
      gap.stop();
      caps.stop();
      retention.stop();
      batches.flush();
      fanOut.finish();
      // Closing the connections (not a Socket.IO disconnect) makes clients reconnect, to another node
      // in a rolling restart. Not io.close(): that also closes the HTTP server, which Fastify closes.
      io.engine.close();
      await io.of("/").adapter.close();
      await bus?.close();
    },
  };
}

/** Nodes of one site share channels; another site (or test run) on the same Redis is not heard. */
function busKey(publicUrl: string): string {
  return `onstage#${new URL(publicUrl).host}`;
}
