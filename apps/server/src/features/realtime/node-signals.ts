import { parseTopic, type TopicKind, type TopicMessage } from "@onstage/domain";
import type { SessionScope } from "../../platform/realtime/port";
import type { RealtimeIo } from "./socket";

const SESSIONS_ENDED = "onstage:sessions-ended";
const PUBLISHED = "onstage:published";

export interface NodeSignals {
  /** Tells this node's listeners at once, then every other node's through the Redis adapter. */
  sessionsEnded(scope: SessionScope): void;
  /** The same for committed messages: only the names of topics whose kind some listener follows. */
  published(messages: readonly TopicMessage[]): void;
  onSessionsEnded(listener: (scope: SessionScope) => void): void;
  onPublished(kind: TopicKind, listener: (id: number) => void): void;
}

/**
 * The server-to-server side of the realtime layer: per-node caches (signed-in sessions, anonymous event
 * pages) hear what every node ended or committed, so none serves an entry another node changed.
 */
export function nodeSignals(io: RealtimeIo, multiNode: boolean): NodeSignals {
  const sessionListeners: Array<(scope: SessionScope) => void> = [];
  const topicListeners = new Map<TopicKind, Array<(id: number) => void>>();

  const endedHere = (scope: SessionScope) => {
    for (const listener of sessionListeners) listener(scope);
  };
  const publishedHere = (names: readonly string[]) => {
    for (const name of names) {
      const topic = parseTopic(name);
      if (!topic) continue;
      for (const listener of topicListeners.get(topic.kind) ?? []) listener(topic.id);
    }
  };
  if (multiNode) {
    io.on(SESSIONS_ENDED, endedHere);
    io.on(PUBLISHED, publishedHere);
  }

  return {
    sessionsEnded(scope) {
      endedHere(scope);
      if (multiNode) io.serverSideEmit(SESSIONS_ENDED, scope);
    },
    published(messages) {
      const names = [...new Set(messages.map((m) => m.topic))].filter((name) => {
        const kind = parseTopic(name)?.kind;
        return kind !== undefined && topicListeners.has(kind);
      });
      if (names.length === 0) return;
      publishedHere(names);
      if (multiNode) io.serverSideEmit(PUBLISHED, names);
    },
    onSessionsEnded: (listener) => sessionListeners.push(listener),
    onPublished(kind, listener) {
      topicListeners.set(kind, [...(topicListeners.get(kind) ?? []), listener]);
    },
  };
}
