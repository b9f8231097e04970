import { useContext, useEffect } from "react";
import { PresenceLoop } from "./PresenceLoop";
import { RealtimeContext } from "./RealtimeProvider";

/**
 * The signed-in viewer's presence heartbeat in a session while mounted (spec 2 §4, §9), naming this tab
 * so that the active tab's claim stays fresh (spec 1 §4).
 */
export function usePresence(sessionId: number | null, browserId: string) {
  const client = useContext(RealtimeContext);
  useEffect(() => {
    if (!client || sessionId === null) return;
    const loop = new PresenceLoop(client, sessionId, browserId);
    loop.start();
    return () => loop.stop();
  }, [client, sessionId, browserId]);
}
