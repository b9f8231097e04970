import { DUPLICATE_TAB_FALLBACK_MS } from "@onstage/domain";
import { useCallback, useEffect, useState } from "react";
import { browserId, isFromThisBrowser } from "./browserId";
import { claimTab } from "./roomApi";
import { isTabRunning } from "./tabProbe";

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
 * Claims the session for this tab. Taken by a tab of this same browser that no longer runs (killed
 * without unloading, so no leave beacon freed it), it takes over at once: nobody is left to displace.
 */
async function claimHere(sessionId: number): Promise<TabClaimStatus> {
  const mine = { video_session_id: sessionId, browser_id: browserId() };
  const answer = await claimTab({ ...mine, take_over: false });
  if (!answer.required || answer.claim === "granted") return "ok";
  const holder = answer.activeBrowserId;
  if (holder === undefined || !isFromThisBrowser(holder) || (await isTabRunning(sessionId, holder))) {
    return "blocked";
  }
  await claimTab({ ...mine, take_over: true });
  return "ok";
}

/**
 * Spec 1 §4 duplicate tab: in a session that needs a single tab, a signed-in user's tab claims it. A tab
 * that finds it held by a running tab shows the blocking screen; an unanswered claim counts as granted
 * after DUPLICATE_TAB_FALLBACK_MS, so a slow or failing server never locks anyone out.
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
    claimHere(sessionId)
      .then((claimed) => {
        if (isCurrent) setStatus(claimed);
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
