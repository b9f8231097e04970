import type { Holder } from "../../media/ll-hls/blocking";
import { TARGET_DURATION_S } from "../../media/ll-hls/constants";
import { awaitedFile } from "../../media/ll-hls/names";
import { parseReloadQuery } from "../../media/ll-hls/reload-query";
import type { LowLatencyStream } from "../../media/ll-hls/streams";
import { LIVE_PLAYLIST_CACHE_CONTROL } from "../../platform/storage/hls/playlist";

// The media route's LL-HLS answers (issue 27 §2; RFC 8216bis §6.2.5): the playlist, held until it has
// the part a player asked for, and the part named by the preload hint, held until it is written. The
// client's going away is only listened for by a request that is held (`holder` is called then); one
// client address holds at most MAX_HELD_PER_CLIENT requests of a stream.

export type LowLatencyAnswer =
  | { status: 200; body: string; cacheControl: string }
  | { status: 400 | 503; message: string };

/**
 * A blocking reload's URL names what its answer holds at least: a CDN may keep it for a while (Apple's
 * advice: six target durations). A plain reload changes with every part, like the live playlist.
 */
const BLOCKING_CACHE_CONTROL = `public, max-age=${6 * TARGET_DURATION_S}`;

export async function lowLatencyPlaylist(
  stream: LowLatencyStream,
  query: Readonly<Record<string, unknown>>,
  holder: () => Holder,
): Promise<LowLatencyAnswer> {
  const parsed = parseReloadQuery(query);
  if (!parsed.ok) return { status: 400, message: parsed.reason };
  const { awaited, skip } = parsed.query;
  if (awaited) {
    if (stream.verdict(awaited) === "bad_request") {
      return { status: 400, message: "That part is more than two segments ahead of the playlist." };
    }
    const outcome = stream.verdict(awaited) === "hold" ? await stream.hold(awaited, holder()) : "ready";
    // RFC 8216bis §6.2.5.2: not there within three target durations.
    if (outcome === "timeout") return { status: 503, message: "The part did not come in time." };
  }
  return {
    status: 200,
    body: stream.playlist(skip),
    cacheControl: awaited ? BLOCKING_CACHE_CONTROL : LIVE_PLAYLIST_CACHE_CONTROL,
  };
}

/**
 * A part or segment not written yet: a player asks for the preload hint's part before it exists, and
 * its answer waits until it does (at most three target durations). Anything else is not waited for.
 */
export async function untilWritten(
  stream: LowLatencyStream,
  file: string,
  holder: () => Holder,
): Promise<void> {
  const awaited = awaitedFile(file);
  if (!awaited || stream.verdict(awaited) !== "hold") return;
  await stream.hold(awaited, holder());
}
