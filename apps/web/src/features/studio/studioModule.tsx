import type { RoomModule } from "../room-kit/roomModule";
import { StudioPanel } from "./StudioPanel";

/** Spec 2 §1, §2: the studio module, for studio admins (domain visibleModules). */
export const studioModule: RoomModule = {
  id: "studio",
  label: "Studio",
  isShown: (visible) => visible.includes("studio"),
  usePanel({ props: { data, room } }) {
    return <StudioPanel data={data} room={room} />;
  },
};
