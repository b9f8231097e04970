import {
  type Holder,
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

  hold(awaited: AwaitedPart, holder: Holder): Promise<HoldOutcome> {
    return this.waiters.hold(awaited, this.position, holder);
  }

  close(): void {
    this.waiters.close();
  }
}

interface Entry {
  stream: LowLatencyStream;
  forget: NodeJS.Timeout | null;
  /** When its packager last published (epoch ms). */
  publishedAt: number;
}

const streamKey = (sessionId: number, streamId: number) => `${sessionId}/${streamId}`;

/**
 * A packager publishes every third of a second: one silent this long is gone (its process died, or
 * its node did), and new viewers get standard HLS.
 */
const SILENT_MS = 10_000;

/** What one node's registry tells the others (with S3_* and Redis, every node serves every stream). */
export type LowLatencyChange =
  | { kind: "publish"; sessionId: number; streamId: number; variant: string; state: LlHlsState }
  | { kind: "withhold"; sessionId: number; streamId: number; withheld: boolean }
  | { kind: "forget"; sessionId: number; streamId: number };

export interface LowLatencyChannel {
  send(change: LowLatencyChange): void;
  onMessage(listener: (change: LowLatencyChange) => void): void;
}

/**
 * A stream's renditions by variant: "" for one rendition at the stream's root (the program feed's, an
 * RTMP copy's), else the ladder's rung ("720p"). Shared with the other nodes through a channel, so that a
 * blocking reload is answered by any node as soon as the packager's node publishes.
 */
export class LowLatencyStreams {
  private readonly streams = new Map<string, Map<string, Entry>>();
  /** Streams whose viewers get standard HLS although they are packaged (a captioned RTMP stream). */
  private readonly withheld = new Set<string>();
  private channel: LowLatencyChannel | null = null;
  private sweptAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** From now on every change made here reaches the other nodes, and theirs are applied here. */
  share(channel: LowLatencyChannel): void {
    this.channel = channel;
    channel.onMessage((change) => this.apply(change));
  }

  publish(sessionId: number, streamId: number, state: LlHlsState, variant = ""): void {
    this.change({ kind: "publish", sessionId, streamId, variant, state });
  }

  /** New viewers of the stream get its standard HLS (`withheld`), or its LL-HLS again. */
  withhold(sessionId: number, streamId: number, withheld: boolean): void {
    this.change({ kind: "withhold", sessionId, streamId, withheld });
  }

  /** Nothing will be published for it any more (its feed was dropped, or the stream removed). */
  forget(sessionId: number, streamId: number): void {
    this.change({ kind: "forget", sessionId, streamId });
  }

  find(sessionId: number, streamId: number, variant = ""): LowLatencyStream | null {
    return this.streams.get(streamKey(sessionId, streamId))?.get(variant)?.stream ?? null;
  }

  /**
   * Its viewers are offered LL-HLS: a rendition of it is packaged and live (published lately), and it is
   * not withheld.
   */
  offers(sessionId: number, streamId: number): boolean {
    const key = streamKey(sessionId, streamId);
    if (this.withheld.has(key)) return false;
    const since = this.now() - SILENT_MS;
    return [...(this.streams.get(key)?.values() ?? [])].some(
      ({ stream, publishedAt }) => !stream.state.hasEnded && publishedAt > since,
    );
  }

  private change(change: LowLatencyChange): void {
    this.apply(change);
    this.channel?.send(change);
  }

  private apply(change: LowLatencyChange): void {
    const key = streamKey(change.sessionId, change.streamId);
    switch (change.kind) {
      case "publish":
        this.applyPublish(key, change.variant, change.state);
        return;
      case "withhold":
        if (change.withheld) this.withheld.add(key);
        else this.withheld.delete(key);
        return;
      case "forget":
        for (const variant of [...(this.streams.get(key)?.keys() ?? [])]) this.forgetVariant(key, variant);
        this.withheld.delete(key);
    }
  }

  private applyPublish(key: string, variant: string, state: LlHlsState): void {
    let variants = this.streams.get(key);
    if (!variants) {
      variants = new Map();
      this.streams.set(key, variants);
    }
    const publishedAt = this.now();
    this.sweep(publishedAt);
    let entry = variants.get(variant);
    if (entry) {
      entry.stream.publish(state);
      entry.publishedAt = publishedAt;
    } else {
      entry = { stream: new LowLatencyStream(state), forget: null, publishedAt };
      variants.set(variant, entry);
    }
    if (state.hasEnded && !entry.forget) {
      entry.forget = setTimeout(() => this.forgetVariant(key, variant), ENDED_KEPT_MS).unref();
    }
  }

  /** Streams whose packager went silent without an end (its node died) are forgotten a minute later. */
  private sweep(now: number): void {
    if (now - this.sweptAt < SILENT_MS) return;
    this.sweptAt = now;
    for (const [key, variants] of this.streams) {
      for (const [variant, entry] of variants) {
        if (!entry.forget && now - entry.publishedAt > ENDED_KEPT_MS) this.forgetVariant(key, variant);
      }
    }
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
