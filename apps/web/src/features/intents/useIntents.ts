import { HAND_RAISED_TOAST_MS, type IntentsResponse, type SessionIntent } from "@onstage/domain";
import { type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
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

export interface IntentsOptions {
  viewerUserId: number | null;
  /** Hosts get spec 1 §4's 'Hand Raised' toast when someone else raises a hand. */
  toastHands: boolean;
}

/**
 * The session's stage intents, loaded once per room by IntentsProvider: kept current by session:{id}
 * (the stage's moves) and by the audience's topics (useAudienceIntents): the viewer's own invite always,
 * everyone's hands and invites while `followsPresence` (hosts, or the people panel open).
 */
export function useSessionIntents(
  sessionId: number,
  options: IntentsOptions & { followsPresence: boolean },
): IntentsQuery {
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
    userId: query.data ? options.viewerUserId : null,
    followsPresence: options.followsPresence,
    ...handlers,
  });
  return query;
}

export type IntentsQuery = UseQueryResult<IntentsResponse>;

interface IntentsContextValue {
  query: IntentsQuery;
  /** Follows everyone's hands and invites while the caller is mounted; returns the undo. */
  followPresence: () => () => void;
}

export const IntentsContext = createContext<IntentsContextValue | null>(null);

function useIntentsContext(): IntentsContextValue {
  const value = useContext(IntentsContext);
  if (!value) throw new Error("useIntents needs an IntentsProvider around the room");
  return value;
}

/** The room's stage intents, from the IntentsProvider around it (one load and one subscription per room). */
export function useIntents(): IntentsQuery {
  return useIntentsContext().query;
}

/**
 * The people panel shows everyone's hands and invites (spec 2 §2, only while the viewer sees the
 * audience): while it is mounted, the room's intents follow presence:{id} too.
 */
export function useFollowAudienceIntents(): void {
  const { followPresence } = useIntentsContext();
  useEffect(followPresence, [followPresence]);
}

/** The viewer's own intent in the session (null: none, or not loaded). */
export function ownIntent(list: IntentsResponse | undefined, userId: number | null): SessionIntent | null {
  return list?.intents.find((i) => i.userId === userId) ?? null;
}
