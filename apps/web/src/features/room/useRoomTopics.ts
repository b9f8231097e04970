import type { EventPageData, RoomResponse, SessionState, SessionStream, ViewerFlags } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { eventKeys } from "../events/eventKeys";
import { peopleKeys } from "../people/peopleApi";
import { useShownSessionState } from "../player/ProgramClock";
import { useTopic } from "../realtime/useTopic";
import { answerAudienceCall, type PendingAudienceCall } from "./audienceCall";
import { browserId } from "./browserId";
import { roomKeys } from "./roomApi";

// The room's own topics (payload conventions of issue 6): session settings, the registered count, and
// the signed-in user's notices (another tab took over, a ban).

/** session:{id}: the session's state and settings such as disable_chat, and its stream. */
export function useSessionTopic(room: RoomResponse) {
  const queryClient = useQueryClient();
  const key = roomKeys.room(room.session.id);
  useTopic(
    { kind: "session", id: room.session.id },
    {
      // Both room topics read the same answer: a second refetch joins the one in flight.
      refetch: () => queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false }),
      onMessage: (message) => {
        // The studio (useStudio), Q&A and stage intents on this topic have their own lists.
        if (message.kind !== "change") return;
        if (message.table === "video_session_streams") {
          const stream = message.payload;
          queryClient.setQueryData<RoomResponse>(
            key,
            (old) => old && { ...old, stream: currentStream(old.stream, stream) },
          );
          return;
        }
        if (message.table !== "video_sessions") return;
        const session = message.payload;
        queryClient.setQueryData<RoomResponse>(key, (old) => old && { ...old, session });
      },
    },
  );
}

/**
 * Spec 1 §4: who sees the room depends on the session state (ended or scheduled: back to the page), as
 * this viewer is shown it: an HLS viewer's End comes with their picture (issue 23 §3.2, ProgramClock).
 */
export function DecideViewAgain({ eventCode, state }: { eventCode: string; state: SessionState }) {
  const queryClient = useQueryClient();
  const shownState = useShownSessionState(state);
  const decided = useRef(shownState);
  useEffect(() => {
    if (shownState === decided.current) return;
    decided.current = shownState;
    void queryClient.invalidateQueries({ queryKey: eventKeys.byCode(eventCode) });
  }, [shownState, eventCode, queryClient]);
  return null;
}

/**
 * Spec 2 §4: the room's current stream after a stream change. A newer stream (go live) replaces it; a
 * deleted one (reset) clears it.
 */
export function currentStream(current: SessionStream | null, changed: SessionStream): SessionStream | null {
  if (current !== null && changed.id < current.id) return current;
  if (changed.deletedAt !== null) return current?.id === changed.id ? null : current;
  return changed;
}

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
