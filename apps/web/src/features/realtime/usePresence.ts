import { useContext, useEffect } from "react";
import { PresenceLoop } from "./PresenceLoop";
import { RealtimeContext } from "./RealtimeProvider";

/** The signed-in viewer's presence heartbeat in a session while mounted (spec 2 §4, §9). */
export function usePresence(sessionId: number | null) {
  const client = useContext(RealtimeContext);
  useEffect(() => {
    if (!client || sessionId === null) return;
    const loop = new PresenceLoop(client, sessionId);
    loop.start();
    return () => loop.stop();
  }, [client, sessionId]);
}
