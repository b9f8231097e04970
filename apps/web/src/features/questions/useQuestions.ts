import type { Question } from "@onstage/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { failureText } from "../../api";
import { toast } from "../../ui/toast";
import { useTopic } from "../realtime/useTopic";
import { fetchQuestions, questionKeys } from "./questionsApi";
import { applyToResponse } from "./questionsState";

const FAILURE_TOAST_MS = 5_000;

/**
 * The session's questions, kept in sync by the session topic's Q&A messages (applied to the cached list;
 * a gap in the topic refetches it). The viewer's own changes refetch, so what only they may see (a
 * shadow-banned writer's own words) comes from the server. `onArrived` hears other people's new
 * questions (the unread badge).
 */
export function useQuestions(
  sessionId: number | null,
  viewerUserId: number | null,
  onArrived?: (question: Question) => void,
) {
  const queryClient = useQueryClient();
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  });
  const key = questionKeys.list(sessionId ?? 0);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchQuestions(sessionId ?? 0),
    enabled: sessionId !== null,
  });
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: questionKeys.list(sessionId ?? 0) }),
    [queryClient, sessionId],
  );
  useTopic(sessionId !== null && query.data ? { kind: "session", id: sessionId } : null, {
    since: query.data?.seq ?? null,
    refetch,
    onMessage: (message) => {
      if (
        message.kind === "change" &&
        message.table === "questions" &&
        message.event === "INSERT" &&
        message.payload.userId !== viewerUserId
      )
        arrived.current?.(message.payload);
      // A list being read may predate this message: read it again rather than lose the message.
      if (queryClient.isFetching({ queryKey: key }) > 0) void refetch();
      else queryClient.setQueryData(key, applyToResponse(message));
    },
  });

  /** Runs a change; the list is refetched after it, and a failure shows the server's words. */
  const run = useCallback(
    async (change: () => Promise<unknown>): Promise<boolean> => {
      try {
        await change();
        return true;
      } catch (error) {
        toast.error(failureText(error), { durationMs: FAILURE_TOAST_MS });
        return false;
      } finally {
        void refetch();
      }
    },
    [refetch],
  );
  return { query, run };
}

export type QuestionsState = ReturnType<typeof useQuestions>;
