import {
  type GoLiveCountdown,
  goLiveCountdown,
  type SessionStream,
  YOU_ARE_LIVE_NOTICE_MS,
} from "@onstage/domain";
import { useEffect, useRef, useState } from "react";
import { type CountdownStart, countdownStart } from "./countdownStart";

const TICK_MS = 250;

export type CountdownView = GoLiveCountdown | { phase: "live" } | null;

const isOnAir = (stream: SessionStream) =>
  stream.activeState === "recording" || stream.activeState === "streaming";

/**
 * Spec 2 §4, §8 go-live countdown, driven by the session's stream: a `countdown` stream counts down
 * from GO_LIVE_COUNTDOWN_START_SECONDS, resumed where the server says it is (a reloaded page does not
 * start again); the stream going on air (the pipeline's first playlist) ends it with 'You're live!'
 * for YOU_ARE_LIVE_NOTICE_MS. A stream this page saw turn `error` calls `onFailure` with
 * whether it had been on air.
 */
export function useGoLiveCountdown(
  stream: SessionStream | null,
  onFailure: (wasOnAir: boolean) => void,
): CountdownView {
  const [now, setNow] = useState(() => Date.now());
  const started = useRef<CountdownStart | null>(null);
  const previous = useRef<SessionStream | null>(stream);
  const [liveUntil, setLiveUntil] = useState<{ id: number; until: number } | null>(null);

  const inCountdown = stream?.activeState === "countdown";
  if (inCountdown) started.current = countdownStart(started.current, stream, Date.now());

  const failed = useRef(onFailure);
  failed.current = onFailure;
  useEffect(() => {
    const before = previous.current;
    previous.current = stream;
    if (!stream || !before || before.id !== stream.id || before.activeState === stream.activeState) return;
    if (before.activeState === "countdown" && isOnAir(stream)) {
      setLiveUntil({ id: stream.id, until: Date.now() + YOU_ARE_LIVE_NOTICE_MS });
    } else if (stream.activeState === "error") {
      failed.current(isOnAir(before));
    }
  }, [stream]);

  const ticking = inCountdown || (liveUntil !== null && liveUntil.until > now);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  if (inCountdown && started.current) return goLiveCountdown(now - started.current.at);
  if (liveUntil && liveUntil.id === stream?.id && liveUntil.until > now) return { phase: "live" };
  return null;
}
