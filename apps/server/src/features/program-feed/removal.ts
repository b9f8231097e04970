import type { FastifyBaseLogger } from "fastify";
import type { StreamsDeleted } from "../../kernel/broadcast/lifecycle";
import type { LowLatencyStreams } from "../../media/ll-hls/streams";
import type { ProgramFeeds } from "./feeds";
import type { MediaFiles } from "./media-files";

/**
 * Issue 23 §2.3: a reset's deleted streams lose their media (the recording a registrant could still
 * play). The session's feed is ended first, synchronously taken out of `feeds` before the reset's
 * `sessionState` comes (session-control tells this first), so the files go only after its pipeline
 * wrote (and mirrored) its last.
 */
export function streamRemoval(
  files: MediaFiles,
  feeds: ProgramFeeds | null,
  lowLatency: LowLatencyStreams,
  log: FastifyBaseLogger,
) {
  return ({ sessionId, streamIds }: StreamsDeleted): void => {
    const ended = feeds?.end(sessionId) ?? Promise.resolve();
    ended
      .then(() => {
        // After the feed's last publish (the media process sends it before "ended").
        for (const streamId of streamIds) lowLatency.forget(sessionId, streamId);
      })
      .then(() => Promise.all(streamIds.map((streamId) => files.remove(sessionId, streamId))))
      .catch((err: unknown) =>
        log.error({ err, sessionId, streamIds }, "program feed: removing a reset session's media failed"),
      );
  };
}
