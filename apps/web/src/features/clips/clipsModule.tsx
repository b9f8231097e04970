import type { RoomModule } from "../room-kit/roomModule";
import { ClipsPanel } from "./ClipsPanel";
import { useClips } from "./useClips";

/**
 * Spec 2 §1, §2 and spec 3 §2: the clips tab (domain visibleModules: guests only once the session
 * ended, clipping on and the event public). Its list is kept while the tab is closed, for the viewer's
 * 'clip ready' toast.
 */
export const clipsModule: RoomModule = {
  id: "clips",
  label: "Clips",
  isShown: (visible) => visible.includes("clips"),
  usePanel({ props: { data, room, viewer }, isShown }) {
    const clips = useClips(room.session.id, viewer.userId, isShown);
    return <ClipsPanel event={data.event} room={room} viewer={viewer} clips={clips} />;
  },
};
