import { type SessionState, type StageDelivery, stageDelivery } from "@onstage/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useHeldEnd } from "./useHeldEnd";

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

/**
 * What a player reports: the program date of its frame (null while it shows none) and whether it
 * played its playlist to the end; null: no player.
 */
export type PlayerReport = { programDateMs: number | null; hasEnded: boolean } | null;

interface ProgramClockState extends ProgramClock {
  /** The session state this viewer's picture has reached (null outside a room). */
  shownState: SessionState | null;
  report: (player: PlayerReport) => void;
}

const ProgramClockContext = createContext<ProgramClockState>({
  programDateMs: null,
  delivery: "realtime",
  shownState: null,
  report: () => {},
});

const isSameReport = (a: PlayerReport, b: PlayerReport) =>
  a?.programDateMs === b?.programDateMs && a?.hasEnded === b?.hasEnded && !a === !b;

export interface ProgramClockProviderProps {
  state: SessionState;
  /** On the stage or over WebRTC (seesStage): nothing to wait for. */
  seesStage: boolean;
  /** When the broadcast ended (the session's timeBroadcastEnd), or null. */
  endedAt: string | null;
  children: ReactNode;
}

export function ProgramClockProvider({ state, seesStage, endedAt, children }: ProgramClockProviderProps) {
  const [player, setPlayer] = useState<PlayerReport>(null);
  const report = useCallback(
    (next: PlayerReport) => setPlayer((current) => (isSameReport(current, next) ? current : next)),
    [],
  );
  // Issue 23 §3.2: a live viewer's End comes with their picture, so the room shows them the broadcast until then.
  const shownState = useHeldEnd({ state, seesStage, endedAt, player }) ? "broadcasting" : state;
  const delivery = stageDelivery(shownState, seesStage);
  // A broadcast with no player on screen (no stream yet, the stream's card): nothing to wait for.
  const effective = delivery === "live" && player === null ? "realtime" : delivery;
  const programDateMs = player?.programDateMs ?? null;
  const value = useMemo(
    () => ({ programDateMs, delivery: effective, shownState, report }),
    [programDateMs, effective, shownState, report],
  );
  return <ProgramClockContext.Provider value={value}>{children}</ProgramClockContext.Provider>;
}

export function useProgramClock(): ProgramClock {
  const { programDateMs, delivery } = useContext(ProgramClockContext);
  return { programDateMs, delivery };
}

/** The session state this viewer is shown: `state` itself outside a room's clock. */
export function useShownSessionState(state: SessionState): SessionState {
  return useContext(ProgramClockContext).shownState ?? state;
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
    report({ programDateMs: null, hasEnded: false });
    return () => report(null);
  }, [isAwaited, report]);
}
