import { RTMP_WRONG_KEY_DELAY_MAX_MS, RTMP_WRONG_KEY_DELAY_MS } from "../constants";
import type { ViewerFlags } from "../roles/rules";
import type { BroadcastType, SessionState } from "../vocabulary";
import type { LiveStreamStatus } from "./schemas";

// Issue 13 §1, spec 2 §6-§7: RTMP ingest. The stream key is a secret of the channel: only its owner
// or admin (spec 2 §6 'Only owner or admin see ... RTMP setup') may see, rotate or stop it.

/** Spec 2 §6: owner or admin of the event's channel (or of the event); not the event host, not the team. */
export function mayManageLiveStream(flags: ViewerFlags): boolean {
  return flags.isOwnerOrAdmin;
}

/** Only sessions broadcast from an external encoder get a live stream. */
export const isRtmpBroadcast = (broadcastType: BroadcastType) =>
  broadcastType === "rtmp" || broadcastType === "rtmp-native";

/**
 * Where an accepted encoder's picture goes in each session state (docs/decisions.md "RTMP lifecycle"):
 * the host's preview in the greenroom, the live stream while broadcasting; no other state takes one.
 */
export function ingestPlace(state: SessionState): "preview" | "stream" | null {
  if (state === "greenroom") return "preview";
  if (state === "broadcasting") return "stream";
  return null;
}

export type PublisherRefusal = "not_rtmp" | "stopped" | "session_closed";

/** Whether an encoder publishing to the session's current key is let in (checked before any byte). */
export function publisherRefusal(input: {
  broadcastType: BroadcastType;
  state: SessionState;
  status: LiveStreamStatus;
}): PublisherRefusal | null {
  if (!isRtmpBroadcast(input.broadcastType)) return "not_rtmp";
  if (input.status === "disabled") return "stopped";
  return ingestPlace(input.state) === null ? "session_closed" : null;
}

/**
 * Issue 23 §1.2: how long the refusal of an address's `wrongKeys`-th wrong key (1 for the first) waits,
 * so guessing keys gets slower with every guess; the wait doubles each time, up to a bound.
 */
export function wrongKeyDelayMs(wrongKeys: number): number {
  if (wrongKeys < 1) return 0;
  return Math.min(RTMP_WRONG_KEY_DELAY_MAX_MS, RTMP_WRONG_KEY_DELAY_MS * 2 ** (wrongKeys - 1));
}
