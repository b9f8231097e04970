import { PlanDetails } from "@onstage/domain";
import { useQuery } from "@tanstack/react-query";
import { api, isApiError } from "../../api";

// The channel's plan for its owners and admins (GET /api/channel/plan): banners, the session-limit
// warning, Enter greenroom and the billing tab read the one cached copy.

export const planKeys = { details: (organizationId: number) => ["plans", organizationId] as const };

export const fetchPlanDetails = (organizationId: number) =>
  api(`/api/channel/plan?organization_id=${organizationId}`, PlanDetails);

/** Only asked for when `enabled` (an owner or admin): the server refuses everyone else. */
export function usePlanDetails(organizationId: number, enabled = true) {
  return useQuery({
    queryKey: planKeys.details(organizationId),
    queryFn: () => fetchPlanDetails(organizationId),
    enabled,
    // An event's admin is 'owner or admin' in the room but not the channel's: refused, not worth retrying.
    retry: (failures, error) => !(isApiError(error) && error.status === 403) && failures < 3,
  });
}
