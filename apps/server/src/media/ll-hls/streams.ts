import {
  type HoldOutcome,
  playlistPosition,
  type ReloadVerdict,
  ReloadWaiters,
  reloadVerdict,
} from "./blocking";
import { BLOCKED_RELOAD_TIMEOUT_MS } from "./constants";
import { mediaPlaylist } from "./playlist";
import type { AwaitedPart } from "./reload-query";
import type { LlHlsState } from "./state";

// The server's view of the LL-HLS streams its media process packages: the newest state of each, from
// which the media route writes the playlist and releases the requests it holds.

/** An ended stream's playlist is still served this long, so players reading it see EXT-X-ENDLIST. */
const ENDED_KEPT_MS = 60_000;

export class LowLatencyStream {
  private position;
  private readonly waiters = new ReloadWaiters({ timeoutMs: BLOCKED_RELOAD_TIMEOUT_MS });
  /** Every held request is answered with the same text: written once per publish and kind. */
  private readonly written = new Map<boolean, string>();

  constructor(private current: LlHlsState) {
    this.position = playlistPosition(current);
  }

  get state(): LlHlsState {
    return this.current;
  }

  publish(state: LlHlsState): void {
    this.current = state;
    this.position = playlistPosition(state);
    this.written.clear();
    this.waiters.publish(this.position);
  }

  playlist(skip: boolean): string {
    let text = this.written.get(skip);
    if (text === undefined) {
      text = mediaPlaylist(this.current, { skip });
      this.written.set(skip, text);
    }
    return text;
  }

  verdict(awaited: AwaitedPart): ReloadVerdict {
    return reloadVerdict(awaited, this.position);
  }

  hold(awaited: AwaitedPart, signal: AbortSignal): Promise<HoldOutcome> {
    return this.waiters.hold(awaited, this.position, signal);
  }

  close(): void {
    this.waiters.close();
  }
}

export class LowLatencyStreams {
  private readonly streams = new Map<string, { stream: LowLatencyStream; forget: NodeJS.Timeout | null }>();

  publish(sessionId: number, streamId: number, state: LlHlsState): void {
    const key = `${sessionId}/${streamId}`;
    let entry = this.streams.get(key);
    if (entry) entry.stream.publish(state);
    else {
      entry = { stream: new LowLatencyStream(state), forget: null };
      this.streams.set(key, entry);
    }
    if (state.hasEnded && !entry.forget) {
      entry.forget = setTimeout(() => this.forget(sessionId, streamId), ENDED_KEPT_MS).unref();
    }
  }

  find(sessionId: number, streamId: number): LowLatencyStream | null {
    return this.streams.get(`${sessionId}/${streamId}`)?.stream ?? null;
  }

  /** Nothing will be published for it any more (its feed was dropped, or the stream removed). */
  forget(sessionId: number, streamId: number): void {
    const key = `${sessionId}/${streamId}`;
    const entry = this.streams.get(key);
    if (!entry) return;
    if (entry.forget) clearTimeout(entry.forget);
    entry.stream.close();
    this.streams.delete(key);
  }
}
