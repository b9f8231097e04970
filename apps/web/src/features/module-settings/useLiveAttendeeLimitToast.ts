import { errorMessage, isAtLiveAttendeeLimit, STAGE_TOAST_MS } from "@onstage/domain";
import { useEffect, useRef } from "react";
import { toast } from "../../ui/toast";

/**
 * Spec 2 §8: team members are warned when the live audience reaches the plan's live attendee limit. The
 * live count and the limit are theirs alone (null for everyone else); warned once each time it is reached.
 */
export function useLiveAttendeeLimitToast(liveCount: number | null, limit: number | null) {
  const wasAtLimit = useRef(false);
  useEffect(() => {
    const atLimit = liveCount !== null && isAtLiveAttendeeLimit(liveCount, limit);
    if (atLimit && !wasAtLimit.current) {
      toast.warning(errorMessage("live_attendee_limit"), {
        id: "live-attendee-limit",
        durationMs: STAGE_TOAST_MS,
      });
    }
    wasAtLimit.current = atLimit;
  }, [liveCount, limit]);
}
