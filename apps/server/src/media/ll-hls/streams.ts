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

interface Entry {
  stream: LowLatencyStream;
  forget: NodeJS.Timeout | null;
}

const streamKey = (sessionId: number, streamId: number) => `${sessionId}/${streamId}`;

/**
 * A stream's renditions by variant: "" for one rendition at the stream's root (the program feed's, an
 * RTMP copy's), else the ladder's rung ("720p").
 */
export class LowLatencyStreams {
  private readonly streams = new Map<string, Map<string, Entry>>();
  /** Streams whose viewers get standard HLS although they are packaged (a captioned RTMP stream). */
  private readonly withheld = new Set<string>();

  publish(sessionId: number, streamId: number, state: LlHlsState, variant = ""): void {
    const key = streamKey(sessionId, streamId);
    let variants = this.streams.get(key);
    if (!variants) {
      variants = new Map();
      this.streams.set(key, variants);
    }
    let entry = variants.get(variant);
    if (entry) entry.stream.publish(state);
    else {
      entry = { stream: new LowLatencyStream(state), forget: null };
      variants.set(variant, entry);
    }
    if (state.hasEnded && !entry.forget) {
      entry.forget = setTimeout(() => this.forgetVariant(key, variant), ENDED_KEPT_MS).unref();
    }
  }

  find(sessionId: number, streamId: number, variant = ""): LowLatencyStream | null {
    return this.streams.get(streamKey(sessionId, streamId))?.get(variant)?.stream ?? null;
  }

  /** Its viewers are offered LL-HLS: a rendition of it is packaged here and live, and it is not withheld. */
  offers(sessionId: number, streamId: number): boolean {
    const key = streamKey(sessionId, streamId);
    if (this.withheld.has(key)) return false;
    return [...(this.streams.get(key)?.values() ?? [])].some(({ stream }) => !stream.state.hasEnded);
  }

  /** New viewers of the stream get its standard HLS (`withheld`), or its LL-HLS again. */
  withhold(sessionId: number, streamId: number, withheld: boolean): void {
    const key = streamKey(sessionId, streamId);
    if (withheld) this.withheld.add(key);
    else this.withheld.delete(key);
  }

  /** Nothing will be published for it any more (its feed was dropped, or the stream removed). */
  forget(sessionId: number, streamId: number): void {
    const key = streamKey(sessionId, streamId);
    for (const variant of [...(this.streams.get(key)?.keys() ?? [])]) this.forgetVariant(key, variant);
    this.withheld.delete(key);
  }

  private forgetVariant(key: string, variant: string): void {
    const variants = this.streams.get(key);
    const entry = variants?.get(variant);
    if (!variants || !entry) return;
    if (entry.forget) clearTimeout(entry.forget);
    entry.stream.close();
    variants.delete(variant);
    if (variants.size === 0) this.streams.delete(key);
  }
}
