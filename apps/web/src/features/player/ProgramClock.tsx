import type { StageDelivery } from "@onstage/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

/**
 * The wall-clock time (epoch ms, from #EXT-X-PROGRAM-DATE-TIME) of the frame on screen: what the
 * audience sees "now", behind real time by the stream's latency, and how this viewer sees the stage.
 * The stage modules place what happened on this clock (useInStep). null while nothing with a program
 * date plays.
 */
export interface ProgramClock {
  programDateMs: number | null;
  delivery: StageDelivery;
}

/** What a player reports: the program date of its frame (null while it shows none); null: no player. */
export type PlayerReport = { programDateMs: number | null } | null;

interface ProgramClockState extends ProgramClock {
  report: (player: PlayerReport) => void;
}

const ProgramClockContext = createContext<ProgramClockState>({
  programDateMs: null,
  delivery: "realtime",
  report: () => {},
});

const isSameReport = (a: PlayerReport, b: PlayerReport) => a?.programDateMs === b?.programDateMs && !a === !b;

export function ProgramClockProvider({
  delivery,
  children,
}: {
  delivery: StageDelivery;
  children: ReactNode;
}) {
  const [player, setPlayer] = useState<PlayerReport>(null);
  const report = useCallback(
    (next: PlayerReport) => setPlayer((current) => (isSameReport(current, next) ? current : next)),
    [],
  );
  // A broadcast with no player on screen (no stream yet, the stream's card): nothing to wait for.
  const effective = delivery === "live" && player === null ? "realtime" : delivery;
  const programDateMs = player?.programDateMs ?? null;
  const value = useMemo(
    () => ({ programDateMs, delivery: effective, report }),
    [programDateMs, effective, report],
  );
  return <ProgramClockContext.Provider value={value}>{children}</ProgramClockContext.Provider>;
}

export function useProgramClock(): ProgramClock {
  const { programDateMs, delivery } = useContext(ProgramClockContext);
  return { programDateMs, delivery };
}

/** The player's side: where it reports the program date of its current frame, and that it left. */
export function useReportProgramDate(): (player: PlayerReport) => void {
  return useContext(ProgramClockContext).report;
}

/**
 * While a player is on its way (its playback answer loading), what happened waits as it would for a
 * player showing nothing yet, so a live viewer joining does not see it before their picture starts.
 */
export function useAwaitedPlayer(isAwaited: boolean): void {
  const report = useReportProgramDate();
  useEffect(() => {
    if (!isAwaited) return;
    report({ programDateMs: null });
    return () => report(null);
  }, [isAwaited, report]);
}
