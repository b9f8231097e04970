import type { RoomModule } from "../room-kit/roomModule";
import { PeoplePanel } from "./PeoplePanel";

export const peopleModule: RoomModule = {
  id: "people",
  label: "People",
  isShown: (visible) => visible.includes("people"),
  usePanel: ({ props: { room, data, viewer } }) => (
    <PeoplePanel
      session={room.session}
      event={{
        id: room.session.eventId,
        organizationId: room.session.organizationId,
        access: data.event.access,
        hideUnregister: data.event.hideUnregister,
        sessionId: room.session.id,
        broadcastType: room.session.broadcastType,
      }}
      viewer={viewer}
      liveCount={room.liveCount}
    />
  ),
};
