import type { TypedTopicMessage } from "@onstage/domain";
import { useEffect, useRef } from "react";
import { useTopic } from "../realtime/useTopic";

/** A message of a topic that carries stage intents (session, presence, user). */
export type IntentTopicMessage =
  | TypedTopicMessage<"session">
  | TypedTopicMessage<"presence">
  | TypedTopicMessage<"user">;
/** One of those messages that changes an intent. */
export type IntentChange = Extract<IntentTopicMessage, { table: "video_session_intents" }>;

export const isIntentChange = (message: IntentTopicMessage): message is IntentChange =>
  "table" in message && message.table === "video_session_intents";

/**
 * Spec 2 §2 hidden audience: raised hands and invites travel on presence:{id}, read like the people tab
 * (the team always, guests while the audience is shown), and each user's own on user:{id}. The room
 * follows the user's own; the people panel and the hosts' 'Hand Raised' toast follow presence too
 * (`followsPresence`), so a guest who never opens the panel is not sent everyone's. Following a topic
 * from now on, the list is read again after joining.
 */
export function useAudienceIntents(input: {
  sessionId: number;
  /** null: not followed (no user, or the list not loaded yet). */
  userId: number | null;
  followsPresence: boolean;
  onMessage: (message: IntentTopicMessage) => void;
  refetch: () => Promise<unknown>;
}) {
  const { sessionId, userId, followsPresence } = input;
  const follows = userId !== null;
  useTopic(follows && followsPresence ? { kind: "presence", id: sessionId } : null, input);
  useTopic(follows ? { kind: "user", id: userId } : null, input);
  const refetch = useRef(input.refetch);
  refetch.current = input.refetch;
  // biome-ignore lint/correctness/useExhaustiveDependencies: following presence from now on, what came before it is read again.
  useEffect(() => {
    if (follows) void refetch.current();
  }, [follows, followsPresence]);
}
