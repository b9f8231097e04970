import { CONNECTION_TROUBLE_TEXT } from "./hardReload";
import type { RealtimeSnapshot } from "./RealtimeClient";
import type { TopicState } from "./TopicChannel";

export type RealtimeHealth =
  | { kind: "healthy" }
  | { kind: "reconnecting" }
  | { kind: "error"; message: string };

/** Not in the specs: what a viewer is told when the server ends their subscriptions (a ban). */
export const ACCESS_ENDED_TEXT = "You no longer have access to this live room.";
export const PRESENCE_FAILED_TEXT = "Your live status could not be updated.";

/** A topic that had been working, or has failed, and is on its way back. */
function isRecovering(topic: TopicState): boolean {
  if (topic.status === "SUBSCRIBED" || topic.closedReason !== null || topic.error !== null) return false;
  return topic.wasSubscribed || topic.failures > 0;
}

/** Issue 6 item 5: the status a person sees, nothing when healthy. */
export function realtimeHealth(snapshot: RealtimeSnapshot): RealtimeHealth {
  // A connection that gave up keeps saying so while the health check tries it again.
  if (
    snapshot.connection === "failed" ||
    (snapshot.connectionError !== null && snapshot.connection !== "connected")
  ) {
    return { kind: "error", message: snapshot.connectionError ?? CONNECTION_TROUBLE_TEXT };
  }
  const topics = [...snapshot.topics.values()];
  if (topics.some((topic) => topic.closedReason === "banned")) {
    return { kind: "error", message: ACCESS_ENDED_TEXT };
  }
  const failed = topics.find((topic) => topic.status === "CHANNEL_ERROR" && topic.error !== null);
  if (failed?.error) return { kind: "error", message: failed.error };
  if (snapshot.connection === "reconnecting" || topics.some(isRecovering)) return { kind: "reconnecting" };
  if (snapshot.presence === "error") return { kind: "error", message: PRESENCE_FAILED_TEXT };
  return { kind: "healthy" };
}
