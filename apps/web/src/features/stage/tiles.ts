import { type SceneTileSource, sceneTileKey } from "@onstage/domain";
import type { StageParticipant } from "./types";

/** One picture of the stage with its media: a person's camera, or their screen share in a tile of its own. */
export interface StageTile extends SceneTileSource {
  /** sceneTileKey: the scene's tile and this one are the same picture. */
  key: string;
  participant: StageParticipant;
  stream: MediaStream | null;
}

/**
 * The stage's tiles in layout order (each person, then their screen right after them): the program
 * scene places them, and the stage and the program feed draw them from it.
 */
export function stageTiles(participants: readonly StageParticipant[]): StageTile[] {
  return participants.flatMap((participant) => {
    const camera = tile(participant, false);
    return participant.screen ? [camera, tile(participant, true)] : [camera];
  });
}

function tile(participant: StageParticipant, isScreen: boolean): StageTile {
  const source = {
    userId: participant.userId,
    name: participant.name,
    isScreen,
    videoMuted: !isScreen && participant.videoMuted,
  };
  return {
    ...source,
    key: sceneTileKey(source),
    participant,
    stream: isScreen ? participant.screen : participant.media,
  };
}
