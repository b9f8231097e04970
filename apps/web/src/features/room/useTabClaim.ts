import { DUPLICATE_TAB_FALLBACK_MS } from "@onstage/domain";
import { useCallback, useEffect, useState } from "react";
import { browserId } from "./browserId";
import { claimTab } from "./roomApi";

/** ok: this tab may run the room; pending: asking; blocked: another tab holds the session. */
export type TabClaimStatus = "ok" | "pending" | "blocked";

export interface TabClaim {
  status: TabClaimStatus;
  isTakingOver: boolean;
  /** 'Use here': claim the session for this tab, taking it from the other one. */
  takeOver: () => void;
  /** Another tab took over (the user topic's 'active-browser'). */
  takenElsewhere: () => void;
}

/**
 * Spec 1 §4 duplicate tab: in a session that needs a single tab, a signed-in user's tab claims it. A tab
 * that finds it taken shows the blocking screen; an unanswered claim counts as granted after
 * DUPLICATE_TAB_FALLBACK_MS, so a slow or failing server never locks anyone out.
 */
export function useTabClaim(input: { sessionId: number; isNeeded: boolean }): TabClaim {
  const { sessionId, isNeeded } = input;
  const [status, setStatus] = useState<TabClaimStatus>(isNeeded ? "pending" : "ok");
  const [isTakingOver, setTakingOver] = useState(false);

  useEffect(() => {
    if (!isNeeded) {
      setStatus("ok");
      return;
    }
    let isCurrent = true;
    setStatus("pending");
    const fallback = window.setTimeout(() => {
      if (isCurrent) setStatus((now) => (now === "pending" ? "ok" : now));
    }, DUPLICATE_TAB_FALLBACK_MS);
    claimTab({ video_session_id: sessionId, browser_id: browserId(), take_over: false })
      .then((answer) => {
        if (isCurrent) setStatus(answer.required && answer.claim === "taken_elsewhere" ? "blocked" : "ok");
      })
      .catch((error: unknown) => {
        // Fail open: the server keeps its own record; a broken claim must not keep a viewer out.
        console.warn("claim-tab failed", error);
        if (isCurrent) setStatus("ok");
      })
      .finally(() => window.clearTimeout(fallback));
    return () => {
      isCurrent = false;
      window.clearTimeout(fallback);
    };
  }, [sessionId, isNeeded]);

  const takeOver = useCallback(() => {
    setTakingOver(true);
    claimTab({ video_session_id: sessionId, browser_id: browserId(), take_over: true })
      .then(() => setStatus("ok"))
      .catch((error: unknown) => {
        console.warn("claim-tab take-over failed", error);
        setStatus("ok");
      })
      .finally(() => setTakingOver(false));
  }, [sessionId]);

  const takenElsewhere = useCallback(() => setStatus("blocked"), []);

  return { status: isNeeded ? status : "ok", isTakingOver, takeOver, takenElsewhere };
}
