import type { StageDelivery } from "@onstage/domain";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

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

interface ProgramClockState extends ProgramClock {
  report: (programDateMs: number | null) => void;
}

const ProgramClockContext = createContext<ProgramClockState>({
  programDateMs: null,
  delivery: "realtime",
  report: () => {},
});

export function ProgramClockProvider({
  delivery,
  children,
}: {
  delivery: StageDelivery;
  children: ReactNode;
}) {
  const [programDateMs, report] = useState<number | null>(null);
  const value = useMemo(() => ({ programDateMs, delivery, report }), [programDateMs, delivery]);
  return <ProgramClockContext.Provider value={value}>{children}</ProgramClockContext.Provider>;
}

export function useProgramClock(): ProgramClock {
  const { programDateMs, delivery } = useContext(ProgramClockContext);
  return { programDateMs, delivery };
}

/** The player's side: where it reports the program date of its current frame. */
export function useReportProgramDate(): (programDateMs: number | null) => void {
  return useContext(ProgramClockContext).report;
}
