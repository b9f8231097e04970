import type { RoomModule } from "../room-kit/roomModule";
import { SessionAgenda } from "./SessionAgenda";

/** Spec 2 §2: the multi-session module, the lobby list in every room of a multi-session event. */
export const sessionsModule: RoomModule = {
  id: "sessions",
  label: "Sessions",
  isShown: (visible) => visible.includes("sessions"),
  usePanel: ({ props: { data, room } }) => (
    <div className="agenda-panel">
      <SessionAgenda data={data} currentSessionId={room.session.id} />
    </div>
  ),
};
