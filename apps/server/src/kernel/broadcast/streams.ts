import type { SessionStream } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import type { Outbox } from "../../platform/realtime/outbox";
import * as q from "./queries";

// The one home of video_session_streams: a session's broadcasts (spec 2 §3, §4). Writes run in the
// caller's transaction and tell the session topic through its outbox.

export { countdownLeftMs, findLatestStream, findLiveStream, findLiveStreamIds, findStream } from "./queries";

async function announce(outbox: Outbox, event: "INSERT" | "UPDATE", stream: SessionStream | null) {
  if (stream)
    await outbox.write(
      { kind: "session", id: stream.sessionId },
      { kind: "change", table: "video_session_streams", event, payload: stream },
    );
  return stream;
}

/**
 * Go live: a new stream in `countdown`. The unique index allows one stream on air per session, so a
 * second go-live in a race fails here rather than opening two pipelines.
 */
export async function openStream(
  tx: Queryable,
  outbox: Outbox,
  sessionId: number,
  isRecording: boolean,
): Promise<SessionStream> {
  const stream = await q.insertStream(tx, sessionId, isRecording);
  await announce(outbox, "INSERT", stream);
  return stream;
}

/** The pipeline wrote its first playlist: countdown → recording or streaming, with its URLs. */
export async function markStreamOnAir(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  urls: { livePlaybackUrl: string; vodPlaybackUrl: string | null },
): Promise<SessionStream | null> {
  return announce(outbox, "UPDATE", await q.updateStreamOnAir(tx, streamId, urls));
}

/** Start or pause recording while on air (spec 2 §4): recording ⇄ streaming. */
export async function setStreamRecording(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  isRecording: boolean,
  vodPlaybackUrl: string | null = null,
): Promise<SessionStream | null> {
  return announce(outbox, "UPDATE", await q.updateStreamRecording(tx, streamId, isRecording, vodPlaybackUrl));
}

/** The recording's first segment was written: the stream gets its VOD playlist's URL (once). */
export async function setStreamVodUrl(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  vodPlaybackUrl: string,
): Promise<SessionStream | null> {
  return announce(outbox, "UPDATE", await q.updateStreamVodUrl(tx, streamId, vodPlaybackUrl));
}

/** End live (or a failed start: `error`): the stream leaves the air; its recording stays. */
export async function endStream(
  tx: Queryable,
  outbox: Outbox,
  streamId: number,
  state: "ended" | "error" = "ended",
): Promise<SessionStream | null> {
  return announce(outbox, "UPDATE", await q.updateStreamEnded(tx, streamId, state));
}

/**
 * Reset session: every stream of the session is soft-deleted (spec 2 §4 clears the current stream);
 * returns their ids, whose media the program feed removes after commit (issue 23 §2.3).
 */
export async function deleteStreams(tx: Queryable, outbox: Outbox, sessionId: number): Promise<number[]> {
  const streams = await q.softDeleteStreams(tx, sessionId);
  for (const stream of streams) await announce(outbox, "UPDATE", stream);
  return streams.map((stream) => stream.id);
}
