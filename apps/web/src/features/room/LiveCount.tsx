import { useLiveAttendeeLimitToast } from "../module-settings/useLiveAttendeeLimitToast";
import { useLiveUsers } from "../people/useLiveUsers";

/** Kept current by the session's presence topic, like the Live Audience list; warns at the live attendee limit. */
export function LiveCount({
  sessionId,
  initial,
  limit,
}: {
  sessionId: number;
  initial: number;
  limit: number | null;
}) {
  const live = useLiveUsers(sessionId);
  const count = live.data?.liveCount ?? initial;
  const idle = live.data?.idleCount ?? 0;
  useLiveAttendeeLimitToast(count, limit);
  // Spec 2 §6: the active count next to the registered count; issue 29 §2: the idle apart.
  return (
    <span>
      {count - idle} active{idle > 0 && ` · ${idle} idle`}
    </span>
  );
}
