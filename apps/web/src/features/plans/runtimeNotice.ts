import {
  type PlanDetails,
  planStanding,
  type SessionState,
  type SessionStream,
  sessionRuntime,
} from "@onstage/domain";

export type RuntimeNotice = { kind: "approaching"; endsAt: number } | { kind: "reached" } | null;

/**
 * Spec 2 §8: 'Session limit approaching' while broadcasting within SESSION_RUNTIME_WARNING_MS of the
 * maximum; 'Session limit reached' once the server ended the live there (the stream ran the whole
 * maximum), so the host knows why it stopped.
 */
export function runtimeNotice(input: {
  state: SessionState;
  stream: Pick<SessionStream, "broadcastStartedAt" | "broadcastEndedAt"> | null;
  maxRuntimeHours: number | null;
  now: number;
}): RuntimeNotice {
  const started = input.stream?.broadcastStartedAt;
  if (!started) return null;
  const onAirSince = Date.parse(started);
  const { maxRuntimeHours } = input;
  if (input.state === "broadcasting") {
    const runtime = sessionRuntime({ onAirSince, maxRuntimeHours, now: input.now });
    return runtime && runtime.phase !== "running" ? { kind: "approaching", endsAt: runtime.endsAt } : null;
  }
  const ended = input.stream?.broadcastEndedAt;
  if (input.state !== "postevent" || !ended) return null;
  const runtime = sessionRuntime({ onAirSince, maxRuntimeHours, now: Date.parse(ended) });
  return runtime?.phase === "reached" ? { kind: "reached" } : null;
}

/** Enter greenroom as the plan the client knows decides it (the server decides again on the call). */
export function isOutOfMinutes(details: PlanDetails | undefined): boolean {
  if (!details) return false;
  const standing = planStanding({ ...details, totalMonthlyHours: details.plan?.totalMonthlyHours ?? null });
  return !standing.isActive || standing.monthlyHoursExceeded;
}
