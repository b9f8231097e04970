import { MAX_TILE_BANNER_THRESHOLD_TILES, showsMaxTileBanner, type ViewerFlags } from "@onstage/domain";
import { stageTiles } from "./tiles";
import type { StageParticipant } from "./types";

/** Spec 1 §2, §6: owners, admins and channel members are told when the stage is at its tile capacity. */
export function MaxTileBanner({
  participants,
  flags,
}: {
  participants: StageParticipant[];
  flags: ViewerFlags;
}) {
  if (!showsMaxTileBanner(flags, stageTiles(participants).length)) return null;
  return (
    <p role="status" className="room-banner">
      The stage is full: it shows {MAX_TILE_BANNER_THRESHOLD_TILES} tiles or more, each one small. Take
      someone off stage to make room.
    </p>
  );
}
