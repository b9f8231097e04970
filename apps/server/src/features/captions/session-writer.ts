import type { Queryable } from "../../platform/database";
import { captionLinesBetween } from "./queries";
import type { CaptionsOptions } from "./service";
import { CaptionsWriter } from "./writer";

/**
 * The captions writer of one session's stream, reading the lines any node took from the database. It runs
 * in the server process of the node that holds the stream's directory (the media child has no database),
 * following the video playlist with its own watch; null when captions are off.
 */
export function sessionCaptionsWriter(
  db: Queryable,
  log: { error(context: Record<string, unknown>, message: string): void },
  options: CaptionsOptions,
  stream: { sessionId: number; dir: string; videoPlaylist: string },
): CaptionsWriter | null {
  if (!options.enabled) return null;
  return new CaptionsWriter({
    dir: stream.dir,
    videoPlaylist: stream.videoPlaylist,
    lines: (from, to) => captionLinesBetween(db, stream.sessionId, from, to),
    delayMs: options.delayMs,
    log,
  });
}
