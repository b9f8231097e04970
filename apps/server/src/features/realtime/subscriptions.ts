import {
  parseTopic,
  type SubscribeAck,
  SubscribeRequest,
  type Topic,
  UnsubscribeRequest,
} from "@onstage/domain";
import { topicAccess } from "../../kernel/access/topic-access";
import type { Database } from "../../platform/database";
import { realtimeError } from "./errors";
import type { Evictions } from "./evict";
import { messagesBetween, topicSeq } from "./queries";
import type { RealtimeSocket } from "./socket";

export interface SubscriptionDeps {
  db: Database;
  evictions: Evictions;
  replayMaxMessages: number;
}

/** The topic a (possibly invalid) request names, to label its answer. */
export function topicOf(payload: unknown): string {
  const topic = (payload as { topic?: unknown } | null)?.topic;
  return typeof topic === "string" ? topic.slice(0, 64) : "";
}

const refused = (topic: string, code: string): SubscribeAck => ({
  status: "CHANNEL_ERROR",
  topic,
  error: realtimeError(code),
});

/**
 * "subscribe" {topic, since?}: authorise, join the topic's room, then answer with the topic's
 * sequence and what came after `since` (or REFETCH when that is no longer kept).
 */
export async function subscribe(
  deps: SubscriptionDeps,
  socket: RealtimeSocket,
  payload: unknown,
): Promise<SubscribeAck> {
  const request = SubscribeRequest.safeParse(payload);
  if (!request.success) return refused(topicOf(payload), "invalid_request");
  const { topic: name, since } = request.data;
  const topic = parseTopic(name);
  if (!topic) return refused(name, "invalid_topic");

  const { userId, browserKey, recorder } = socket.data;
  if (recorder && !recorderFollows(recorder, topic)) return refused(name, "forbidden");
  const access = await topicAccess(deps.db, userId, topic, browserKey);
  if (access.refusal) {
    // A refused re-subscription (a ban since) also ends the one held.
    leave(socket, name);
    return refused(name, access.refusal);
  }
  const held = { eventId: access.eventId };

  // Gone while it was authorised: joining now would leave a room entry behind for a dead socket.
  if (!socket.connected) return refused(name, "internal");
  // Join before reading the sequence: a message committed after the read is then delivered live, and
  // one committed before it is in the replay (or both: the client drops the second copy by its seq).
  await socket.join(name);
  socket.data.topics[name] = held;
  if (userId !== null && held.eventId !== null && deps.evictions.isEvicted(userId, held.eventId)) {
    leave(socket, name);
    return refused(name, "banned");
  }

  const seq = await topicSeq(deps.db, name);
  if (since === undefined || since === seq) return { status: "SUBSCRIBED", topic: name, seq, missed: [] };
  if (since > seq || seq - since > deps.replayMaxMessages) return { status: "REFETCH", topic: name, seq };
  const missed = await messagesBetween(deps.db, name, since, seq);
  // Sequences have no holes, so a short answer means retention already deleted part of the gap.
  if (missed.length !== seq - since) return { status: "REFETCH", topic: name, seq };
  return { status: "SUBSCRIBED", topic: name, seq, missed };
}

export function unsubscribe(socket: RealtimeSocket, payload: unknown): void {
  const request = UnsubscribeRequest.safeParse(payload);
  if (request.success) leave(socket, request.data.topic);
}

function leave(socket: RealtimeSocket, topic: string): void {
  if (!(topic in socket.data.topics)) return;
  delete socket.data.topics[topic];
  void socket.leave(topic);
}

/** The server's recorder follows its own session's and event's topics, nothing else. */
function recorderFollows(recorder: { sessionId: number; eventId: number }, topic: Topic) {
  return (
    (topic.kind === "session" && topic.id === recorder.sessionId) ||
    (topic.kind === "event" && topic.id === recorder.eventId)
  );
}
