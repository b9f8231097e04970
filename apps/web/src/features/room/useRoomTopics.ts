import type { EventPageData, RoomResponse, ViewerFlags } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useLocation } from "wouter";
import { eventKeys } from "../events/eventKeys";
import { peopleKeys } from "../people/peopleApi";
import { useTopic } from "../realtime/useTopic";
import { roomKeys } from "../room-kit/useRoom";
import { answerAudienceCall, type PendingAudienceCall } from "./audienceCall";
import { browserId } from "./browserId";

// The room shell's own topics (payload conventions of issue 6): the registered count, the audience's
// calls, and the signed-in user's notices (another tab took over, a ban). The session's: room-kit.

/**
 * event:{id}: 'registration.created' and 'registration.deleted' carry the new registered count;
 * 'audience.called' calls this room's audience to another session (spec 2 §4); 'clipping.toggled' the
 * event's clipping setting.
 */
export function useEventTopic(room: RoomResponse, eventCode: string, flags: ViewerFlags) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [pendingCall, setPendingCall] = useState<PendingAudienceCall | null>(null);
  const key = roomKeys.room(room.session.id);
  useTopic(
    { kind: "event", id: room.session.eventId },
    {
      // Both room topics read the same answer: a second refetch joins the one in flight.
      refetch: () => queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false }),
      onMessage: (message) => {
        if (message.event === "audience.called") {
          const { id, state } = room.session;
          answerAudienceCall(
            message.payload,
            { sessionId: id, state, flags, eventCode },
            { navigate, ask: setPendingCall },
          );
          return;
        }
        if (message.event === "clipping.toggled") {
          // Spec 2 §2: the clips module follows the event's setting (hidden from guests when off).
          const { disableClipping } = message.payload;
          queryClient.setQueryData<EventPageData>(
            eventKeys.byCode(eventCode),
            (old) => old && { ...old, event: { ...old.event, disableClipping } },
          );
          return;
        }
        if (message.event === "people.changed") {
          void queryClient.invalidateQueries({ queryKey: peopleKeys.registeredAll });
          return;
        }
        // The agenda follows its sessions itself (lobby/useAgendaTopic); 'event.updated' is for the
        // servers' cached event pages.
        if (
          message.event === "session.updated" ||
          message.event === "session.removed" ||
          message.event === "event.updated"
        )
          return;
        const { registeredCount } = message.payload;
        queryClient.setQueryData<RoomResponse>(key, (old) => old && { ...old, registeredCount });
      },
    },
  );
  const acceptCall = useCallback(() => {
    if (pendingCall) navigate(pendingCall.path);
    setPendingCall(null);
  }, [pendingCall, navigate]);
  return { pendingCall, acceptCall, stay: () => setPendingCall(null) };
}

/** user:{id}: another tab took this session over (spec 1 §4), or the user was banned from the event (poll answers: usePolls). */
export function useUserTopic(input: {
  userId: number | null;
  room: RoomResponse;
  eventCode: string;
  onTakenElsewhere: () => void;
}) {
  const queryClient = useQueryClient();
  const { room } = input;
  useTopic(input.userId === null ? null : { kind: "user", id: input.userId }, {
    onMessage: (message) => {
      if (message.event === "active-browser") {
        const { sessionId, browserId: claimedBy } = message.payload;
        if (sessionId === room.session.id && claimedBy !== browserId()) input.onTakenElsewhere();
      } else if (message.event === "banned" && message.payload.eventId === room.session.eventId) {
        void queryClient.invalidateQueries({ queryKey: eventKeys.byCode(input.eventCode) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.room(room.session.id) });
      }
    },
  });
}
