import type { TopicMessage } from "@onstage/domain";
import type { ReactNode } from "react";
import type { RealtimeClient } from "../features/realtime/RealtimeClient";
import { RealtimeContext } from "../features/realtime/RealtimeProvider";
import type { TopicListener } from "../features/realtime/TopicChannel";

// Component tests deliver topic messages as the server would, without a socket: `emit` hands a message
// to every listener of its topic, as a subscribed channel does.

export function fakeRealtime() {
  const listeners = new Map<string, Set<TopicListener>>();
  let seq = 0;
  const client = {
    topic(name: string, _since: number | null, listener: TopicListener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    subscribeStore: () => () => {},
    getSnapshot: () => null,
  } as unknown as RealtimeClient;
  return {
    Provider: ({ children }: { children: ReactNode }) => (
      <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>
    ),
    emit(topic: string, body: Pick<TopicMessage, "kind" | "event" | "table" | "payload">) {
      seq += 1;
      const message = { ...body, topic, seq, at: new Date(0).toISOString() };
      for (const listener of listeners.get(topic) ?? []) listener.onMessage(message);
    },
    isFollowed: (topic: string) => (listeners.get(topic)?.size ?? 0) > 0,
  };
}
