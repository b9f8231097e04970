import {
  type CheckAck,
  isRealtimeAuthError,
  OnstageError,
  RealtimeEvents,
  type SubscribeAck,
  type TokenBucket,
} from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/database";
import type { RealtimeCaps } from "./caps";
import { realtimeError } from "./errors";
import type { Evictions } from "./evict";
import { FrameBudget, PresenceBudget } from "./limits";
import { failed, type PresenceHandler, presence } from "./presence";
import { type Ack, asAck, type RealtimeSocket, sessionRoom, userRoom } from "./socket";
import { subscribe, topicOf, unsubscribe } from "./subscriptions";
import type { RealtimeTuning } from "./tuning";

export interface ConnectionDeps {
  db: Database;
  evictions: Evictions;
  tuning: RealtimeTuning;
  log: FastifyBaseLogger;
  caps: RealtimeCaps;
  presenceHandler: () => PresenceHandler | null;
  onAuthError?: AuthErrorListener;
}

/** A subscription refused for the sign-in it carried (or lacked), by a user or an address. */
export type AuthErrorListener = (refusal: {
  userId: number | null;
  address: string;
  code: string;
  topicKind: string;
}) => void;

/** Wires one connection: its rooms, its frame budget, and the protocol's client events. */
export function onConnection(deps: ConnectionDeps, socket: RealtimeSocket): void {
  const { userId, sessionHash } = socket.data;
  if (userId !== null) void socket.join(userRoom(userId));
  if (sessionHash !== null) void socket.join(sessionRoom(sessionHash));
  const frames = new FrameBudget(deps.tuning.framesPerSecond, deps.tuning.floodDisconnectMs);
  const presenceBudget = new PresenceBudget(deps.tuning.presencePerSecond);
  const subscribes: { bucket?: TokenBucket } = {};

  socket.use((packet, next) => {
    const verdict = frames.take();
    if (verdict === "ok") return next();
    if (verdict === "disconnect") {
      deps.log.warn({ userId, socketId: socket.id }, "disconnecting a flooding realtime client");
      socket.disconnect(true);
      return;
    }
    // Over the limit: answered and ignored, the connection stays.
    asAck(packet.at(-1))?.(floodAnswer(packet[0], packet[1]));
  });

  /** The error code a failed handler answers with; unexpected failures are logged. */
  const codeOf = (kind: string, err: unknown): string => {
    if (err instanceof OnstageError) return err.code;
    deps.log.error({ err, userId, kind }, "realtime handler failed");
    return "internal";
  };
  const presenceDeps = {
    db: deps.db,
    handler: deps.presenceHandler,
    retryAfterMs: deps.tuning.presenceRetryMs,
  };
  const subscriptionDeps = { ...deps, replayMaxMessages: deps.tuning.replayMaxMessages };

  socket.on(RealtimeEvents.subscribe, (payload: unknown, ack: unknown) => {
    // Issue 23 §2.1: refused before it costs a query; the client retries after retryAfterMs.
    const retryAfterMs = deps.caps.takeSubscribe(socket.data.address, subscribes);
    if (retryAfterMs !== null) {
      const error = realtimeError("too_many_subscribes", retryAfterMs);
      asAck(ack)?.({ status: "CHANNEL_ERROR", topic: topicOf(payload), error });
      return;
    }
    reply<SubscribeAck>(
      asAck(ack),
      () => subscribe(subscriptionDeps, socket, payload),
      (err) => ({
        status: "CHANNEL_ERROR",
        topic: topicOf(payload),
        error: realtimeError(codeOf("subscribe", err)),
      }),
    ).then((answer) => {
      // Spec 2 §9's auth-error analytics (the listener throttles).
      if (answer?.status !== "CHANNEL_ERROR" || !isRealtimeAuthError(answer.error.code)) return;
      const topicKind = topicOf(payload).split(":")[0] ?? "";
      deps.onAuthError?.({ userId, address: socket.data.address, code: answer.error.code, topicKind });
    });
  });
  socket.on(RealtimeEvents.unsubscribe, (payload: unknown) => unsubscribe(socket, payload));
  // Issue 29 §1: the client's health check compares these with the topics it follows.
  socket.on(RealtimeEvents.check, (_payload: unknown, ack: unknown) => {
    asAck(ack)?.({ topics: Object.keys(socket.data.topics) } satisfies CheckAck);
  });
  socket.on(RealtimeEvents.presence, (payload: unknown, ack: unknown) => {
    void reply(
      asAck(ack),
      () => presence(presenceDeps, socket, presenceBudget, payload),
      (err) => failed(codeOf("presence", err)),
    );
  });
}

/** Runs a handler and sends its answer as the acknowledgement; a failure answers with an error. */
function reply<T>(
  ack: Ack | null,
  work: () => Promise<T>,
  onError: (err: unknown) => T,
): Promise<T | undefined> {
  return work().then(
    (result) => {
      ack?.(result);
      return result;
    },
    (err: unknown) => {
      const answer = onError(err);
      ack?.(answer);
      return answer;
    },
  );
}

function floodAnswer(event: unknown, payload: unknown): unknown {
  const error = realtimeError("flood");
  return event === RealtimeEvents.subscribe
    ? { status: "CHANNEL_ERROR", topic: topicOf(payload), error }
    : { status: "error", error };
}
