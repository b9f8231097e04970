import type { StageParticipant } from "./types";

/** One rectangle of the stage: a person's camera, or their screen share in a tile of its own. */
export interface StageTile {
  key: string;
  participant: StageParticipant;
  stream: MediaStream | null;
  isScreen: boolean;
}

/**
 * The stage's tiles in layout order (each person, then their screen right after them): the DOM stage
 * and the program feed's canvas both place these with stageLayout, so they show the same picture.
 */
export function stageTiles(participants: StageParticipant[]): StageTile[] {
  return participants.flatMap((p) => [
    { key: `${p.userId}`, participant: p, stream: p.media, isScreen: false },
    ...(p.screen ? [{ key: `${p.userId}:screen`, participant: p, stream: p.screen, isScreen: true }] : []),
  ]);
}
