import { TAB_PROBE_MS } from "@onstage/domain";
import { useEffect } from "react";
import { browserId } from "./browserId";

// Spec 1 §4 duplicate tab: a tab killed without unloading sent no leave beacon, so the server still names
// it as the active tab. Tabs of one browser can ask each other: the holder answers while its room runs.

const CHANNEL = "onstage:tabs";

interface Probe {
  kind: "probe" | "alive";
  sessionId: number;
  browserId: string;
}

const isProbe = (data: unknown): data is Probe =>
  typeof data === "object" && data !== null && "kind" in data && "sessionId" in data && "browserId" in data;

/** While mounted, this tab answers probes naming it in this session. */
export function useAnswerTabProbes(sessionId: number) {
  useEffect(() => {
    if (typeof BroadcastChannel !== "function") return;
    const channel = new BroadcastChannel(CHANNEL);
    const mine = browserId();
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (isProbe(data) && data.kind === "probe" && data.sessionId === sessionId && data.browserId === mine) {
        channel.postMessage({ kind: "alive", sessionId, browserId: mine } satisfies Probe);
      }
    };
    return () => channel.close();
  }, [sessionId]);
}

/** Whether the tab `holder` of this browser runs the session's room: it answers within TAB_PROBE_MS. */
export function isTabRunning(sessionId: number, holder: string): Promise<boolean> {
  // Without the channel nobody can be asked: count the holder as running, as the server does.
  if (typeof BroadcastChannel !== "function") return Promise.resolve(true);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise<boolean>((resolve) => {
    const timer = window.setTimeout(() => resolve(false), TAB_PROBE_MS);
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (
        isProbe(data) &&
        data.kind === "alive" &&
        data.sessionId === sessionId &&
        data.browserId === holder
      ) {
        window.clearTimeout(timer);
        resolve(true);
      }
    };
    channel.postMessage({ kind: "probe", sessionId, browserId: holder } satisfies Probe);
  }).finally(() => channel.close());
}
