import {
  HAND_RAISED_TOAST_MS,
  type IntentsResponse,
  type SessionIntent,
  type TypedTopicMessage,
} from "@onstage/domain";
import { type UseQueryResult, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import { toast } from "../../ui/toast";
import { useTopic } from "../realtime/useTopic";
import { fetchIntents, intentKeys } from "./intentsApi";

/** One intent change applied to the list: a removed intent leaves it, a changed one replaces its row. */
export function applyIntent(list: IntentsResponse, message: TypedTopicMessage<"session">): IntentsResponse {
  if (message.table !== "video_session_intents") return list;
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

/** The session's stage intents, kept current by session:{id}: loaded once per room by IntentsProvider. */
export function useSessionIntents(sessionId: number, options: IntentsOptions): IntentsQuery {
  const queryClient = useQueryClient();
  const key = intentKeys.list(sessionId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchIntents(sessionId) });
  useTopic(query.data ? { kind: "session", id: sessionId } : null, {
    since: query.data?.seq ?? null,
    refetch: () => query.refetch(),
    onMessage: (message) => {
      if (message.table !== "video_session_intents") return;
      queryClient.setQueryData<IntentsResponse>(key, (old) => old && applyIntent(old, message));
      const raised = message.event !== "DELETE" && message.payload.intentType === "hand_raised";
      if (raised && options.toastHands && message.payload.userId !== options.viewerUserId) {
        toast.info("Hand Raised", {
          description: "Someone has raised their hand",
          durationMs: HAND_RAISED_TOAST_MS,
          id: `hand-raised-${message.seq}`,
        });
      }
    },
  });
  return query;
}

export type IntentsQuery = UseQueryResult<IntentsResponse>;

export const IntentsContext = createContext<IntentsQuery | null>(null);

/** The room's stage intents, from the IntentsProvider around it (one load and one subscription per room). */
export function useIntents(): IntentsQuery {
  const query = useContext(IntentsContext);
  if (!query) throw new Error("useIntents needs an IntentsProvider around the room");
  return query;
}

/** The viewer's own intent in the session (null: none, or not loaded). */
export function ownIntent(list: IntentsResponse | undefined, userId: number | null): SessionIntent | null {
  return list?.intents.find((i) => i.userId === userId) ?? null;
}
