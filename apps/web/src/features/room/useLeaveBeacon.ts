import { useEffect } from "react";
import { browserId } from "./browserId";
import { sendLeaveBeacon } from "./roomApi";

/** Spec 2 §4, §7: on page unload a leave-session beacon is sent (pagehide also fires on mobile and bfcache). */
export function useLeaveBeacon(sessionId: number, userId: number | null) {
  useEffect(() => {
    if (userId === null) return;
    const leave = () => sendLeaveBeacon({ sessionId, userId, browserId: browserId() });
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [sessionId, userId]);
}
