import { IDLE_EVENTS_THROTTLE_MS, IDLE_TIMEOUT_MS } from "@onstage/domain";
import { useContext, useEffect, useRef } from "react";
import { useIdleTimer } from "react-idle-timer";
import { PresenceLoop } from "./PresenceLoop";
import { RealtimeContext } from "./RealtimeProvider";

/**
 * The signed-in viewer's presence heartbeat in a session while mounted (spec 2 §4, §9), naming this tab
 * so that the active tab's claim stays fresh (spec 1 §4), and saying whether the viewer is idle: no
 * activity in the tab for IDLE_TIMEOUT_MS (spec 1 §9, issue 29 §2).
 */
export function usePresence(sessionId: number | null, browserId: string) {
  const client = useContext(RealtimeContext);
  const loop = useRef<PresenceLoop | null>(null);
  const idleTimer = useIdleTimer({
    timeout: IDLE_TIMEOUT_MS,
    eventsThrottle: IDLE_EVENTS_THROTTLE_MS,
    onIdle: () => loop.current?.setIdle(true),
    onActive: () => loop.current?.setIdle(false),
  });
  const { isIdle } = idleTimer;
  useEffect(() => {
    if (!client || sessionId === null) return;
    const current = new PresenceLoop(client, sessionId, browserId);
    current.setIdle(isIdle());
    loop.current = current;
    current.start();
    return () => {
      loop.current = null;
      current.stop();
    };
  }, [client, sessionId, browserId, isIdle]);
}
