import {
  parseTopicMessage,
  type Topic,
  type TopicKind,
  type TypedTopicMessage,
  topicName,
} from "@onstage/domain";
import { useContext, useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeSnapshot } from "./RealtimeClient";
import { RealtimeContext } from "./RealtimeProvider";
import type { TopicState } from "./TopicChannel";

export interface TopicHandlers<K extends TopicKind> {
  /** The sequence the subscriber's data was read at (HTTP answers carry `seq`); read when subscribing. */
  since?: number | null;
  /** Only messages of the topic kind's contract (domain TopicBodies) arrive here, parsed. */
  onMessage: (message: TypedTopicMessage<K>) => void;
  /** Reloads the data the topic keeps up to date (REFETCH, or no known starting sequence). */
  refetch?: () => Promise<unknown> | undefined;
}

const noSubscription = () => () => {};
const noSnapshot = () => null;

/** The tab's realtime state; null when no connection is mounted (?arc, blocked tab). */
export function useRealtimeSnapshot(): RealtimeSnapshot | null {
  const client = useContext(RealtimeContext);
  return useSyncExternalStore(client?.subscribeStore ?? noSubscription, client?.getSnapshot ?? noSnapshot);
}

/**
 * Follows a topic while mounted; `topic` null (data not loaded yet, no user) follows nothing. Handlers may
 * change on every render; the subscription changes only with the topic.
 */
export function useTopic<K extends TopicKind>(
  topic: Topic<K> | null,
  handlers: TopicHandlers<K>,
): TopicState | null {
  const client = useContext(RealtimeContext);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const kind = topic?.kind ?? null;
  const name = topic ? topicName(topic) : null;
  useEffect(() => {
    if (!client || !name || !kind) return;
    return client.topic(name, latest.current.since ?? null, {
      onMessage: (message) => {
        const typed = parseTopicMessage(kind as K, message);
        // A message outside the contract (a newer server) is skipped; its sequence still counts as applied.
        if (typed) latest.current.onMessage(typed);
      },
      refetch: () => latest.current.refetch?.(),
    });
  }, [client, name, kind]);
  const snapshot = useRealtimeSnapshot();
  return name ? (snapshot?.topics.get(name) ?? null) : null;
}
