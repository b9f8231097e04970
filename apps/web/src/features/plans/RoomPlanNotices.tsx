import { type RoomResponse, seesPlanNotices, type ViewerFlags } from "@onstage/domain";
import { PlanBanners } from "./PlanBanners";
import { SessionLimitBanner } from "./SessionLimitBanner";

/** Spec 2 §2, §6: the plan banners and the session-limit warning, to the channel's owner or admin only. */
export function RoomPlanNotices({ room, flags }: { room: RoomResponse; flags: ViewerFlags }) {
  if (!seesPlanNotices(flags)) return null;
  return (
    <>
      <PlanBanners organizationId={room.session.organizationId} />
      <SessionLimitBanner room={room} />
    </>
  );
}
