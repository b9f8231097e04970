import type { RoomResponse, SessionState, SessionStream } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { eventKeys } from "../events/eventKeys";
import { useShownSessionState } from "../player/ProgramClock";
import { useTopic } from "../realtime/useTopic";
import { roomKeys } from "./useRoom";

// The session's topic as every room module and popout reads it: the session's state and settings, its
// stream, and the view decided again when the state this viewer is shown changes.

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
