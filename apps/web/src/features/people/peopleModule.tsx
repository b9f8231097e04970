import type { RoomModule } from "../room/roomModule";
import { PeoplePanel } from "./PeoplePanel";

export const peopleModule: RoomModule = {
  id: "people",
  label: "People",
  isShown: (visible) => visible.includes("people"),
  usePanel: ({ props: { room, viewer } }) => (
    <PeoplePanel session={room.session} viewerUserId={viewer.userId} flags={viewer.flags} />
  ),
};
