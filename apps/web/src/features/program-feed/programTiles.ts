import type { StageParticipant } from "../stage/types";

/** One picture on the program: a camera or a screen share, in stage order. */
export interface ProgramTile {
  key: string;
  name: string;
  media: MediaStream | null;
  /** No picture to draw: the camera is off (a screen share is never "muted"). */
  videoMuted: boolean;
}

/** Each participant's camera, then their screen share in its own tile right after it. */
export function programTiles(participants: readonly StageParticipant[]): ProgramTile[] {
  return participants.flatMap((p) => {
    const camera: ProgramTile = {
      key: `camera:${p.userId}`,
      name: p.name,
      media: p.media,
      videoMuted: p.videoMuted,
    };
    if (!p.screen) return [camera];
    return [
      camera,
      { key: `screen:${p.userId}`, name: `${p.name} (screen)`, media: p.screen, videoMuted: false },
    ];
  });
}

export interface SourceCrop {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/** Cover-fit: the centred part of a `width` x `height` source with the tile's aspect ratio. */
export function coverCrop(width: number, height: number, tileWidth: number, tileHeight: number): SourceCrop {
  const scale = Math.max(tileWidth / width, tileHeight / height);
  const sw = tileWidth / scale;
  const sh = tileHeight / scale;
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh };
}
