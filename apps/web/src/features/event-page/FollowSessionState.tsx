import type { EventPageData, VideoSessionSummary } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { eventKeys } from "../events/eventKeys";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useTopic } from "../realtime/useTopic";

/**
 * The room opens when the session goes live, and the page comes back when it ends, without a reload.
 * Rendered (and its code loaded) only for the viewers `followsSessionState` names.
 */
export function FollowSessionState({ data, session }: { data: EventPageData; session: VideoSessionSummary }) {
  return (
    <RealtimeProvider>
      <SessionStateListener eventCode={data.event.eventCode} session={session} />
    </RealtimeProvider>
  );
}

function SessionStateListener({ eventCode, session }: { eventCode: string; session: VideoSessionSummary }) {
  const queryClient = useQueryClient();
  const decideAgain = () => queryClient.invalidateQueries({ queryKey: eventKeys.byCode(eventCode) });
  useTopic(
    { kind: "session", id: session.id },
    {
      refetch: decideAgain,
      onMessage: (message) => {
        if (message.kind !== "change" || message.table !== "video_sessions") return;
        if (message.payload.state !== session.state) void decideAgain();
      },
    },
  );
  return null;
}
