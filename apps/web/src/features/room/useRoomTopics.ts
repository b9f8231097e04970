import { type RoomResponse, RoomSession, topicName } from "@onstage/domain";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { eventKeys } from "../events/eventKeys";
import { useTopic } from "../realtime/useTopic";
import { browserId } from "./browserId";
import { roomKeys } from "./roomApi";

// The room's own topics (payload conventions of issue 6): session settings, the registered count, and
// the signed-in user's notices (another tab took over, a ban).

const RegisteredCount = z.object({ registeredCount: z.number().int().nonnegative() });
const ActiveBrowser = z.object({ sessionId: z.number().int(), browserId: z.string() });
const Banned = z.object({ eventId: z.number().int() });

/** session:{id}: settings such as disable_chat; a state change lets the event page decide again. */
export function useSessionTopic(room: RoomResponse, eventCode: string) {
  const queryClient = useQueryClient();
  const key = roomKeys.room(room.session.id);
  useTopic(topicName({ kind: "session", id: room.session.id }), {
    // Both room topics read the same answer: a second refetch joins the one in flight.
    refetch: () => queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false }),
    onMessage: (message) => {
      if (message.kind !== "change" || message.table !== "video_sessions" || message.event !== "UPDATE")
        return;
      const session = RoomSession.safeParse(message.payload);
      if (!session.success) return;
      queryClient.setQueryData<RoomResponse>(key, (old) => old && { ...old, session: session.data });
      // Spec 1 §4: who sees the room depends on the session state (ended or scheduled: back to the page).
      if (session.data.state !== room.session.state) {
        void queryClient.invalidateQueries({ queryKey: eventKeys.byCode(eventCode) });
      }
    },
  });
}

/** event:{id}: 'registration.created' and 'registration.deleted' carry the new registered count. */
const COUNT_EVENTS = new Set(["registration.created", "registration.deleted"]);

export function useEventTopic(room: RoomResponse) {
  const queryClient = useQueryClient();
  const key = roomKeys.room(room.session.id);
  useTopic(topicName({ kind: "event", id: room.session.eventId }), {
    // Both room topics read the same answer: a second refetch joins the one in flight.
    refetch: () => queryClient.refetchQueries({ queryKey: key }, { cancelRefetch: false }),
    onMessage: (message) => {
      if (message.kind !== "broadcast" || !COUNT_EVENTS.has(message.event)) return;
      const payload = RegisteredCount.safeParse(message.payload);
      if (!payload.success) return;
      queryClient.setQueryData<RoomResponse>(
        key,
        (old) => old && { ...old, registeredCount: payload.data.registeredCount },
      );
    },
  });
}

/** user:{id}: another tab took this session over (spec 1 §4), or the user was banned from the event. */
export function useUserTopic(input: {
  userId: number | null;
  room: RoomResponse;
  eventCode: string;
  onTakenElsewhere: () => void;
}) {
  const queryClient = useQueryClient();
  const { room } = input;
  useTopic(input.userId === null ? null : topicName({ kind: "user", id: input.userId }), {
    onMessage: (message) => {
      if (message.kind !== "broadcast") return;
      if (message.event === "active-browser") {
        const payload = ActiveBrowser.safeParse(message.payload);
        if (
          payload.success &&
          payload.data.sessionId === room.session.id &&
          payload.data.browserId !== browserId()
        ) {
          input.onTakenElsewhere();
        }
      } else if (message.event === "banned") {
        const payload = Banned.safeParse(message.payload);
        if (!payload.success || payload.data.eventId !== room.session.eventId) return;
        void queryClient.invalidateQueries({ queryKey: eventKeys.byCode(input.eventCode) });
        void queryClient.invalidateQueries({ queryKey: roomKeys.room(room.session.id) });
      }
    },
  });
}
