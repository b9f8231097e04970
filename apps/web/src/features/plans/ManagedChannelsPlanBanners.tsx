import { canManageChannel } from "@onstage/domain";
import { useDash } from "../dashboard/useChannels";
import { PlanBanners } from "./PlanBanners";

/** Spec 2 §2 plan banners on the dashboard: one per channel the viewer owns or administers. */
export function ManagedChannelsPlanBanners() {
  const dash = useDash();
  const managed = (dash.data ?? []).filter((entry) => canManageChannel(entry.role));
  return managed.map(({ channel }) => (
    <PlanBanners
      key={channel.id}
      organizationId={channel.id}
      channelName={managed.length > 1 ? channel.name : undefined}
    />
  ));
}
