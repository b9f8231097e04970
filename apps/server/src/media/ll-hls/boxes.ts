import { type Box, Fmp4Error, readBoxHeader } from "./box-header";
import { parseMoof, parseMoov, type SampleDefaults, type Track, type TrackFragment } from "./track-boxes";

// ffmpeg's fragmented MP4 on a pipe, read as it comes: chunks split boxes anywhere, so at most one
// top-level box (≤ MAX_BOX_BYTES) and one moof waiting for its mdat are held.

export interface InitSection {
  type: "init";
  /** ftyp + moov: the playlist's EXT-X-MAP. */
  bytes: Buffer;
  tracks: Track[];
}

export interface Fragment {
  type: "fragment";
  /** moof + mdat: one part. */
  bytes: Buffer;
  tracks: TrackFragment[];
  /** Whether the video track starts on a sync sample (an audio-only stream's fragments always do). */
  startsWithKeyframe: boolean;
}

export type Fmp4Item = InitSection | Fragment;

/** What a live fMP4 may carry at the top; the parts need only the first four (mfra is ffmpeg's trailer). */
const TOP_LEVEL = new Set([
  "ftyp",
  "moov",
  "moof",
  "mdat",
  "free",
  "skip",
  "styp",
  "sidx",
  "mfra",
  "prft",
  "emsg",
]);

export class Fmp4Reader {
  private readonly queue = new ByteQueue();
  private ftyp: Buffer | null = null;
  private init: { tracks: Track[]; defaults: Map<number, SampleDefaults> } | null = null;
  private moof: { bytes: Buffer; tracks: TrackFragment[] } | null = null;
  private failure: Fmp4Error | null = null;

  /** The items completed by this chunk. After an error every call throws it again: the stream is lost. */
  push(chunk: Buffer): Fmp4Item[] {
    if (this.failure) throw this.failure;
    this.queue.push(chunk);
    const items: Fmp4Item[] = [];
    try {
      for (let box = this.nextBox(); box; box = this.nextBox()) {
        const item = this.take(box.type, box.bytes, {
          type: box.type,
          start: box.headerSize,
          end: box.bytes.length,
        });
        if (item) items.push(item);
      }
    } catch (err) {
      this.failure = err instanceof Fmp4Error ? err : new Fmp4Error(String(err));
      throw this.failure;
    }
    return items;
  }

  private nextBox(): { type: string; bytes: Buffer; headerSize: number } | null {
    const header = readBoxHeader(this.queue.peek(16), 0, Math.min(16, this.queue.length));
    if (!header) return null;
    // Checked on the header: an unknown box is refused before up to 64 MB of it are buffered.
    if (!TOP_LEVEL.has(header.type)) throw new Fmp4Error(`unexpected top-level box ${header.type}`);
    if (this.queue.length < header.size) return null;
    return { type: header.type, bytes: this.queue.take(header.size), headerSize: header.headerSize };
  }

  private take(type: string, bytes: Buffer, payload: Box): Fmp4Item | null {
    if (type === "ftyp" || type === "moov") {
      if (this.init) throw new Fmp4Error(`a second init section (${type}) in one stream`);
      if (type === "ftyp") {
        this.ftyp = bytes;
        return null;
      }
      this.init = parseMoov(bytes, payload);
      return {
        type: "init",
        bytes: this.ftyp ? Buffer.concat([this.ftyp, bytes]) : bytes,
        tracks: this.init.tracks,
      };
    }
    if (type === "moof") {
      if (!this.init) throw new Fmp4Error("a fragment before the init section");
      if (this.moof) throw new Fmp4Error("a moof without its mdat");
      this.moof = { bytes, tracks: parseMoof(bytes, payload, this.init.defaults) };
      return null;
    }
    if (type === "mdat") {
      if (!this.moof || !this.init) throw new Fmp4Error("an mdat without its moof");
      const { tracks } = this.moof;
      const fragment: Fragment = {
        type: "fragment",
        bytes: Buffer.concat([this.moof.bytes, bytes]),
        tracks,
        startsWithKeyframe: startsWithKeyframe(this.init.tracks, tracks),
      };
      this.moof = null;
      return fragment;
    }
    return null;
  }
}

function startsWithKeyframe(tracks: readonly Track[], fragments: readonly TrackFragment[]): boolean {
  const video = new Set(tracks.filter((t) => t.kind === "video").map((t) => t.id));
  const first = fragments.find((f) => video.has(f.trackId) && f.sampleCount > 0);
  if (video.size === 0) return true;
  return first?.startsWithSyncSample ?? false;
}

/** Chunks kept as they came: a box is copied once, when whole, however many chunks it spans. */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** Up to n first bytes, not consumed. */
  peek(n: number): Buffer {
    const first = this.chunks[0];
    if (first && first.length >= n) return first.subarray(0, n);
    return Buffer.concat(this.chunks, Math.min(n, this.length)).subarray(0, n);
  }

  take(n: number): Buffer {
    const out = Buffer.concat(this.chunks, n);
    let left = n;
    while (left > 0) {
      const head = this.chunks[0] as Buffer;
      if (head.length <= left) {
        this.chunks.shift();
        left -= head.length;
      } else {
        this.chunks[0] = head.subarray(left);
        left = 0;
      }
    }
    this.length -= n;
    return out;
  }
}
