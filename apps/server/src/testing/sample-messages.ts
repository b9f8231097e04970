import { parseTopic, type Topic, type TopicBody, type TopicKind, type TopicMessage } from "@onstage/domain";
import type { Database } from "../platform/database";
import { withOutbox } from "../platform/realtime/outbox";
import type { Publisher } from "../platform/realtime/port";

// Made-up traffic for the realtime suites: messages each topic's contract accepts, committed through the
// outbox as a feature would.

/** Commits `count` messages on a topic, one transaction each, published after commit. */
export async function publishChanges(
  db: Database,
  publisher: Publisher,
  topic: string,
  count: number,
): Promise<TopicMessage[]> {
  const ref = parseTopic(topic);
  if (!ref) throw new Error(`not a topic: ${topic}`);
  const sent: TopicMessage[] = [];
  for (let i = 0; i < count; i += 1) {
    sent.push(await withOutbox(db, publisher, (_tx, outbox) => outbox.write(ref, sampleBody(ref, i))));
  }
  return sent;
}

const AT = "2026-01-01T00:00:00.000Z";

/** The n-th made-up message of a topic: one its contract accepts (a chat's carries `message n`). */
function sampleBody(topic: Topic, n: number): TopicBody<TopicKind> {
  const id = n + 1;
  switch (topic.kind) {
    case "chat": {
      const user = { id: 1, firstName: "Test", lastName: "User", profilePhoto: null };
      const payload = {
        id,
        chatId: topic.id,
        userId: 1,
        message: `message ${n}`,
        timestamp: AT,
        updatedAt: null,
        deletedAt: null,
        user,
        reactions: [],
      };
      return { kind: "change", table: "chat_messages", event: "INSERT", payload };
    }
    case "session": {
      const payload = {
        id: topic.id,
        eventId: 1,
        organizationId: 1,
        title: `take ${n}`,
        state: "scheduled",
        sessionType: "regular",
        broadcastType: "webrtc",
        hideAudience: false,
        disableChat: n % 2 === 1,
        allowRaisingHands: true,
        openStage: false,
        disableQa: false,
        qaShowOnStage: false,
        qaTruncateOnStage: false,
        qaOnStage: null,
        isRecording: false,
        timeBroadcastStart: null,
        timeBroadcastEnd: null,
        showToAll: false,
        delivery: "webrtc",
      } as const;
      return { kind: "change", table: "video_sessions", event: "UPDATE", payload };
    }
    case "presence": {
      const payload = {
        userId: id,
        sessionId: topic.id,
        state: "active",
        lastSeen: AT,
        idle: false,
        firstName: "Test",
        lastName: "User",
        profilePhoto: null,
      } as const;
      return { kind: "change", table: "video_session_users", event: "UPDATE", payload };
    }
    case "polls":
    case "polls-team":
      return { kind: "broadcast", event: "poll.removed", payload: { pollId: id } };
    case "event":
      return { kind: "broadcast", event: "registration.created", payload: { registeredCount: id } };
    case "user":
      return { kind: "broadcast", event: "banned", payload: { eventId: id } };
  }
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
