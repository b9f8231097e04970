import { MAX_HELD_PER_CLIENT, MAX_HELD_RELOADS } from "./constants";
import type { AwaitedPart } from "./reload-query";
import type { LlHlsState, PartRef } from "./state";

// Blocking playlist reload (RFC 8216bis §6.2.5.2): a request naming a segment or part not yet published
// is held until the packager publishes it. Held requests are promises and timers, never polled.

export interface PlaylistPosition {
  /** The newest part published. */
  newest: PartRef | null;
  lastCompleteMsn: number | null;
  hasEnded: boolean;
}

export function playlistPosition(state: LlHlsState): PlaylistPosition {
  const last = state.segments.at(-1);
  const lastPart = last?.parts.at(-1);
  const complete = state.segments.filter((s) => s.isComplete).at(-1);
  return {
    newest: last && lastPart ? { msn: last.msn, index: lastPart.index } : null,
    lastCompleteMsn: complete?.msn ?? null,
    hasEnded: state.hasEnded,
  };
}

export type ReloadVerdict = "answer" | "hold" | "bad_request";

export function reloadVerdict(awaited: AwaitedPart, position: PlaylistPosition): ReloadVerdict {
  if (position.hasEnded) return "answer";
  const { newest } = position;
  // §6.2.5.2: more than two segments ahead of the last one is a 400 at once.
  if (awaited.msn > (newest?.msn ?? -1) + 2) return "bad_request";
  if (awaited.part === null) {
    return position.lastCompleteMsn !== null && position.lastCompleteMsn >= awaited.msn ? "answer" : "hold";
  }
  // "Or a later one": a part index past a segment's last part is reached by the next segment's first.
  const isReached =
    newest !== null &&
    (newest.msn > awaited.msn || (newest.msn === awaited.msn && newest.index >= awaited.part));
  return isReached ? "answer" : "hold";
}

/**
 * ready: answer with the playlist; timeout: 503; busy: too many held (for the stream, or for the
 * client), answer at once; closed: the stream stopped.
 */
export type HoldOutcome = "ready" | "timeout" | "busy" | "closed" | "aborted";

interface Held {
  awaited: AwaitedPart;
  settle: (outcome: HoldOutcome) => void;
}

/** Who holds a request (the client's address) and what frees its place early (it went away). */
export interface Holder {
  client: string;
  signal?: AbortSignal;
}

export class ReloadWaiters {
  private readonly held = new Set<Held>();
  private readonly heldByClient = new Map<string, number>();
  private isClosed = false;

  constructor(private readonly options: { timeoutMs: number; maxHeld?: number; maxHeldPerClient?: number }) {}

  get heldCount(): number {
    return this.held.size;
  }

  /** Holds a request until `position` reaches it. */
  hold(awaited: AwaitedPart, position: PlaylistPosition, { client, signal }: Holder): Promise<HoldOutcome> {
    if (this.isClosed) return Promise.resolve("closed");
    if (reloadVerdict(awaited, position) !== "hold") return Promise.resolve("ready");
    const clientHeld = this.heldByClient.get(client) ?? 0;
    if (
      this.held.size >= (this.options.maxHeld ?? MAX_HELD_RELOADS) ||
      clientHeld >= (this.options.maxHeldPerClient ?? MAX_HELD_PER_CLIENT)
    ) {
      return Promise.resolve("busy");
    }
    if (signal?.aborted) return Promise.resolve("aborted");
    this.heldByClient.set(client, clientHeld + 1);
    return new Promise((resolve) => {
      const onAbort = () => held.settle("aborted");
      const timer = setTimeout(() => held.settle("timeout"), this.options.timeoutMs);
      const held: Held = {
        awaited,
        settle: (outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          this.held.delete(held);
          const left = (this.heldByClient.get(client) ?? 1) - 1;
          if (left > 0) this.heldByClient.set(client, left);
          else this.heldByClient.delete(client);
          resolve(outcome);
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.held.add(held);
    });
  }

  /** The packager published: release every request now satisfied (all of them once the stream ended). */
  publish(position: PlaylistPosition): void {
    for (const held of [...this.held]) {
      if (reloadVerdict(held.awaited, position) !== "hold") held.settle("ready");
    }
  }

  /** The stream stopped: nothing will be published, so nothing is held any longer. */
  close(): void {
    this.isClosed = true;
    for (const held of [...this.held]) held.settle("closed");
  }
}
