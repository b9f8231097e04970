import { HAND_RAISED_TOAST_MS, type IntentsResponse, type SessionIntent } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../ui/toast";
import { useTopic } from "../realtime/useTopic";
import { fetchIntents, intentKeys } from "./intentsApi";
import { type IntentTopicMessage, isIntentChange, useAudienceIntents } from "./useAudienceIntents";

/** One intent change applied to the list: a removed intent leaves it, a changed one replaces its row. */
export function applyIntent(list: IntentsResponse, message: IntentTopicMessage): IntentsResponse {
  if (!isIntentChange(message)) return list;
  const { userId } = message.payload;
  const others = list.intents.filter((i) => i.userId !== userId);
  return {
    ...list,
    intents: message.event === "DELETE" ? others : [...others, message.payload as SessionIntent],
  };
}

/**
 * The session's stage intents, kept current by session:{id} (the stage's moves). Hosts (`toastHands`) get
 * spec 1 §4's 'Hand Raised' toast when someone else raises a hand. The room's mount and the people
 * panel's pass `audienceTopics`: they also follow the hands and invites (useAudienceIntents).
 */
export function useIntents(
  sessionId: number,
  options: {
    viewerUserId: number | null;
    toastHands: boolean;
    audienceTopics?: { followsPresence: boolean };
  },
) {
  const queryClient = useQueryClient();
  const key = intentKeys.list(sessionId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchIntents(sessionId) });
  const handlers = {
    refetch: () => query.refetch(),
    onMessage: (message: IntentTopicMessage) => {
      if (!isIntentChange(message)) return;
      queryClient.setQueryData<IntentsResponse>(key, (old) => old && applyIntent(old, message));
      const raised = message.event !== "DELETE" && message.payload.intentType === "hand_raised";
      if (raised && options.toastHands && message.payload.userId !== options.viewerUserId) {
        toast.info("Hand Raised", {
          description: "Someone has raised their hand",
          durationMs: HAND_RAISED_TOAST_MS,
          id: `hand-raised-${message.topic}-${message.seq}`,
        });
      }
    },
  };
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    since: query.data?.seq ?? null,
    ...handlers,
  });
  useAudienceIntents({
    sessionId,
    userId: options.audienceTopics && query.data ? options.viewerUserId : null,
    followsPresence: options.audienceTopics?.followsPresence ?? false,
    ...handlers,
  });
  return query;
}

/** The viewer's own intent in the session (null: none, or not loaded). */
export function ownIntent(list: IntentsResponse | undefined, userId: number | null): SessionIntent | null {
  return list?.intents.find((i) => i.userId === userId) ?? null;
}
