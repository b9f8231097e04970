import {
  type GoLiveCountdown,
  goLiveCountdown,
  type SessionStream,
  YOU_ARE_LIVE_NOTICE_MS,
} from "@onstage/domain";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../ui/toast";

const TICK_MS = 250;
const FAILED_TOAST_MS = 5_000;

export type CountdownView = GoLiveCountdown | { phase: "live" } | null;

/**
 * Spec 2 §4, §8 go-live countdown, driven by the session's stream: a `countdown` stream counts down
 * from GO_LIVE_COUNTDOWN_START_SECONDS (from when this page first saw it: the client's clock may not
 * be the server's); the stream going on air (the pipeline's first playlist) ends it with 'You're
 * live!' for YOU_ARE_LIVE_NOTICE_MS; an `error` stream ends it with 'Failed to go live'.
 */
export function useGoLiveCountdown(stream: SessionStream | null): CountdownView {
  const [now, setNow] = useState(() => Date.now());
  const seen = useRef<{ id: number; at: number } | null>(null);
  const [liveUntil, setLiveUntil] = useState<{ id: number; until: number } | null>(null);

  const inCountdown = stream?.activeState === "countdown";
  if (inCountdown && seen.current?.id !== stream.id) seen.current = { id: stream.id, at: Date.now() };

  useEffect(() => {
    const counted = seen.current;
    if (!stream || !counted || counted.id !== stream.id || stream.activeState === "countdown") return;
    seen.current = null;
    if (stream.activeState === "recording" || stream.activeState === "streaming") {
      setLiveUntil({ id: stream.id, until: Date.now() + YOU_ARE_LIVE_NOTICE_MS });
    } else if (stream.activeState === "error") {
      toast.error("Failed to go live", { durationMs: FAILED_TOAST_MS, id: `go-live-failed-${stream.id}` });
    }
  }, [stream]);

  const ticking = inCountdown || (liveUntil !== null && liveUntil.until > now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  if (inCountdown && seen.current) return goLiveCountdown(now - seen.current.at);
  if (liveUntil && liveUntil.id === stream?.id && liveUntil.until > now) return { phase: "live" };
  return null;
}
