// Spec 2 §8: the media element's error codes and what the player tells the viewer about them.

const MEDIA_ERROR_MEANINGS: Record<number, string> = {
  1: "aborted",
  2: "network",
  3: "decode",
  4: "unsupported source",
  5: "encrypted",
};

const MEDIA_ERROR_MESSAGES: Record<number, string> = {
  2: "The video stopped because of a network problem.",
  3: "The video could not be decoded on this device.",
  4: "This video format is not supported on this system.",
  5: "This video is encrypted and cannot be played here.",
};

export function mediaErrorMeaning(code: number): string {
  return MEDIA_ERROR_MEANINGS[code] ?? "unknown";
}

/** Spec 2 §8: 2 to 5 are fatal (playback cannot go on); 1 is the viewer's or the player's own abort. */
export function isFatalMediaError(code: number): boolean {
  return code >= 2 && code <= 5;
}

export function mediaErrorMessage(code: number): string {
  return MEDIA_ERROR_MESSAGES[code] ?? "The video could not be played.";
}
