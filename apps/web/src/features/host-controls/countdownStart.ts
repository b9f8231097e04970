import type { SessionStream } from "@onstage/domain";

export interface CountdownStart {
  streamId: number;
  /** By this page's clock. */
  at: number;
}

/**
 * Spec 2 §4: when a `countdown` stream's countdown began, by this page's clock: `now` less the time the
 * server's copy says had run. A copy is never older than it looks to be (the network, a replayed
 * topic message or a cached answer only delay it), so the earliest start worked out for a stream wins.
 */
export function countdownStart(
  known: CountdownStart | null,
  stream: SessionStream,
  now: number,
): CountdownStart {
  const at = now - (stream.countdownElapsedMs ?? 0);
  return known?.streamId === stream.id && known.at <= at ? known : { streamId: stream.id, at };
}
