import type { RoomModule } from "../room-kit/roomModule";
import { PollsPanel } from "./PollsPanel";
import { usePolls } from "./usePolls";

/** Spec 2 §1, §4: the polls tab; its unread badge (new polls) is not shown to owner/admin (the sidebar). */
export const pollsModule: RoomModule = {
  id: "polls",
  label: "Polls",
  isShown: (visible) => visible.includes("polls"),
  usePanel({ props: { data, room, viewer }, isShown, countUnread }) {
    const polls = usePolls(isShown ? room.session.id : null, data.event.id, viewer.userId, countUnread);
    return <PollsPanel polls={polls} eventId={data.event.id} sessionId={room.session.id} viewer={viewer} />;
  },
};
