import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { eventKeys } from "../events/eventKeys";
import { useTopic } from "../realtime/useTopic";

/** The event's sessions with one of them as it is now (a session the list lacks is left out: not ours). */
export function withSession(
  sessions: VideoSessionSummary[],
  changed: VideoSessionSummary,
): VideoSessionSummary[] {
  return sessions.map((session) => (session.id === changed.id ? changed : session));
}

/**
 * Spec 2 §2: the agenda is live. A session's state, schedule or title changes on event:{id}
 * ('session.updated'), applied to the event page's sessions wherever the agenda shows.
 */
export function useAgendaTopic(data: EventPageData) {
  const queryClient = useQueryClient();
  const key = eventKeys.byCode(data.event.eventCode);
  useTopic(
    { kind: "event", id: data.event.id },
    {
      refetch: () => queryClient.invalidateQueries({ queryKey: key }),
      onMessage: (message) => {
        if (message.event !== "session.updated") return;
        queryClient.setQueryData<EventPageData>(
          key,
          (old) => old && { ...old, sessions: withSession(old.sessions, message.payload) },
        );
      },
    },
  );
}
