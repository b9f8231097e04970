import type { TopicMessage } from "@onstage/domain";
import { useContext, useEffect, useRef, useSyncExternalStore } from "react";
import type { RealtimeSnapshot } from "./RealtimeClient";
import { RealtimeContext } from "./RealtimeProvider";
import type { TopicState } from "./TopicChannel";

export interface TopicHandlers {
  /** The sequence the subscriber's data was read at (HTTP answers carry `seq`); read when subscribing. */
  since?: number | null;
  onMessage: (message: TopicMessage) => void;
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
 * Follows a topic while mounted; `name` null (data not loaded yet, no user) follows nothing. Handlers may
 * change on every render; the subscription changes only with the topic.
 */
export function useTopic(name: string | null, handlers: TopicHandlers): TopicState | null {
  const client = useContext(RealtimeContext);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!client || !name) return;
    return client.topic(name, latest.current.since ?? null, {
      onMessage: (message) => latest.current.onMessage(message),
      refetch: () => latest.current.refetch?.(),
    });
  }, [client, name]);
  const snapshot = useRealtimeSnapshot();
  return name ? (snapshot?.topics.get(name) ?? null) : null;
}
