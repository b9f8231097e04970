import type { BroadcastType } from "@onstage/domain";
import { LIVE_PLAYLIST } from "../program-feed/ffmpeg-args";
import { isTranscoded, MASTER_PLAYLIST } from "./ladder";

/** The playlist a player opens: the ladder's master (hls.js picks a variant by bandwidth), or the copy's. */
export const entryPlaylist = (broadcastType: BroadcastType) =>
  isTranscoded(broadcastType) ? MASTER_PLAYLIST : LIVE_PLAYLIST;
