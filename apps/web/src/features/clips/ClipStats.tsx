import type { ClipAnalytics } from "@onstage/domain";
import { Tooltip } from "../../ui/Tooltip";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Spec 3 §2, §6: a clip's views and registrations, for owners, admins and channel members only. */
export function ClipStats({ analytics }: { analytics: ClipAnalytics }) {
  return (
    <Tooltip text="Analytics only visible to hosts">
      {(tooltipId) => (
        <p className="clip-item__stats" aria-describedby={tooltipId}>
          <span>{count(analytics.views, "view", "views")}</span>
          <span>{count(analytics.registrations, "registration", "registrations")}</span>
        </p>
      )}
    </Tooltip>
  );
}
