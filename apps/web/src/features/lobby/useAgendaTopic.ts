import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { eventKeys } from "../events/eventKeys";
import { useTopic } from "../realtime/useTopic";

/** The event's sessions with one of them as it is now (a new one in its place: by schedule, then id). */
export function withSession(
  sessions: VideoSessionSummary[],
  changed: VideoSessionSummary,
): VideoSessionSummary[] {
  return [...sessions.filter((session) => session.id !== changed.id), changed].sort(
    (a, b) => Date.parse(a.timeScheduled) - Date.parse(b.timeScheduled) || a.id - b.id,
  );
}

/**
 * Spec 2 §2: the agenda is live. A session added, or its state, schedule or title changed, comes on
 * event:{id} ('session.updated'), a deleted one as 'session.removed'; applied to the event page's
 * sessions wherever the agenda shows.
 */
export function useAgendaTopic(data: EventPageData) {
  const queryClient = useQueryClient();
  const key = eventKeys.byCode(data.event.eventCode);
  useTopic(
    { kind: "event", id: data.event.id },
    {
      refetch: () => queryClient.invalidateQueries({ queryKey: key }),
      onMessage: (message) => {
        if (message.event === "session.updated")
          queryClient.setQueryData<EventPageData>(
            key,
            (old) => old && { ...old, sessions: withSession(old.sessions, message.payload) },
          );
        if (message.event === "session.removed") {
          const { id } = message.payload;
          queryClient.setQueryData<EventPageData>(
            key,
            (old) => old && { ...old, sessions: old.sessions.filter((s) => s.id !== id) },
          );
        }
      },
    },
  );
}
