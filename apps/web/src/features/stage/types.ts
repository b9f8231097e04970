// What the stage shows, whichever media room carries it (the embedded SFU or LiveKit): the DOM stage,
// the device preview and the program feed's compositor all read these.

/** One person on stage as this browser sees them. */
export interface StageParticipant {
  userId: number;
  /** Full name as the tile's name bar shows it. */
  name: string;
  isLocal: boolean;
  /** Camera and microphone (either track may be missing), null until media arrives. */
  media: MediaStream | null;
  /** A screen share, shown in its own tile. */
  screen: MediaStream | null;
  audioMuted: boolean;
  videoMuted: boolean;
}
