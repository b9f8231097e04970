import { useEffect } from "react";
import { stageTiles } from "../stage/tiles";
import type { StageParticipant } from "../stage/types";

// Spec 2 §7 host feedback `most_tiles_on_stage`: the most tiles the host's stage showed in the session.
// Kept per tab in sessionStorage: the stage unmounts when the session ends (the feedback dialog opens
// after), and a reload in the middle of the session must not forget the peak.

const keyOf = (sessionId: number) => `onstage:most-tiles:${sessionId}`;

type TileStore = Pick<Storage, "getItem" | "setItem">;

export function mostTilesOnStage(sessionId: number, store: TileStore = sessionStorage): number | undefined {
  const stored = Number(store.getItem(keyOf(sessionId)));
  return Number.isInteger(stored) && stored > 0 ? stored : undefined;
}

export function recordTilesOnStage(
  sessionId: number,
  tiles: number,
  store: TileStore = sessionStorage,
): void {
  if (tiles > (mostTilesOnStage(sessionId, store) ?? 0)) store.setItem(keyOf(sessionId), String(tiles));
}

/** The stage's side: every tile count it shows (screen shares are tiles too) counts towards the peak. */
export function useRecordMostTiles(sessionId: number, participants: StageParticipant[]): void {
  const tiles = stageTiles(participants).length;
  useEffect(() => recordTilesOnStage(sessionId, tiles), [sessionId, tiles]);
}
