import type { Server as HttpServer } from "node:http";
import { REALTIME_PATH, RealtimeEvents } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import { Server } from "socket.io";
import type { Database } from "../../platform/database";
import type { Realtime } from "../../platform/realtime/port";
import type { CookiePolicy } from "../auth/sessions";

export interface RealtimeOptions {
  httpServer: HttpServer;
  db: Database;
  publicUrl: string;
  policy: CookiePolicy;
  log: FastifyBaseLogger;
  /** Several nodes share topics through Redis pub/sub when set; else in-process. */
  redisUrl?: string;
}

export interface RealtimeServer {
  realtime: Realtime;
  close(): Promise<void>;
}

// SKELETON (issue 6): the subscription protocol, authorisation, resume, limits and Redis come next.
export function attachRealtime(options: RealtimeOptions): RealtimeServer {
  const io = new Server(options.httpServer, { path: REALTIME_PATH, transports: ["websocket"] });
  return {
    realtime: {
      publish(messages) {
        for (const message of messages) io.to(message.topic).emit(RealtimeEvents.message, message);
      },
      async evict() {},
    },
    close: () => io.close().then(() => undefined),
  };
}
