import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

/**
 * The wall-clock time (epoch ms, from #EXT-X-PROGRAM-DATE-TIME) of the frame on screen: what the
 * audience sees "now", behind real time by the stream's latency. Later modules (answered questions,
 * clips, overlays) place their events on this clock. null while nothing with a program date plays.
 */
export interface ProgramClock {
  programDateMs: number | null;
}

interface ProgramClockState extends ProgramClock {
  report: (programDateMs: number | null) => void;
}

const ProgramClockContext = createContext<ProgramClockState>({ programDateMs: null, report: () => {} });

export function ProgramClockProvider({ children }: { children: ReactNode }) {
  const [programDateMs, report] = useState<number | null>(null);
  const value = useMemo(() => ({ programDateMs, report }), [programDateMs]);
  return <ProgramClockContext.Provider value={value}>{children}</ProgramClockContext.Provider>;
}

export function useProgramClock(): ProgramClock {
  const { programDateMs } = useContext(ProgramClockContext);
  return { programDateMs };
}

/** The player's side: where it reports the program date of its current frame. */
export function useReportProgramDate(): (programDateMs: number | null) => void {
  return useContext(ProgramClockContext).report;
}
