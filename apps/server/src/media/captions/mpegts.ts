// The first presentation timestamp of an MPEG-TS segment, for its WebVTT segment's X-TIMESTAMP-MAP.
// Read from the bytes (ISO/IEC 13818-1 §2.4.3, §2.4.3.7): no ffprobe per segment, one small read.

const PACKET = 188;
const SYNC = 0x47;

/** The PTS of the first PES packet that has one, preferring video (stream ids 0xE0-0xEF); 90 kHz ticks. */
export function firstPts(ts: Uint8Array): number | null {
  let any: number | null = null;
  for (let at = 0; at + PACKET <= ts.length; at += PACKET) {
    if (ts[at] !== SYNC) return any;
    const startsUnit = ((ts[at + 1] ?? 0) & 0x40) !== 0;
    if (!startsUnit) continue;
    const control = ((ts[at + 3] ?? 0) >> 4) & 0x3;
    if (control === 0 || control === 2) continue; // no payload
    const payload = at + 4 + (control === 3 ? 1 + (ts[at + 4] ?? 0) : 0);
    const found = pesPts(ts, payload, at + PACKET);
    if (!found) continue;
    if (found.video) return found.pts;
    any ??= found.pts;
  }
  return any;
}

function pesPts(ts: Uint8Array, at: number, end: number): { pts: number; video: boolean } | null {
  if (at + 14 > end || ts[at] !== 0 || ts[at + 1] !== 0 || ts[at + 2] !== 1) return null;
  const streamId = ts[at + 3] ?? 0;
  const hasPts = ((ts[at + 7] ?? 0) & 0x80) !== 0;
  if (!hasPts) return null;
  const b = (i: number) => ts[at + 9 + i] ?? 0;
  // 33 bits: beyond 32-bit bitwise arithmetic, so the top bits are multiplied in.
  const pts =
    ((b(0) >> 1) & 0x07) * 2 ** 30 + b(1) * 2 ** 22 + (b(2) >> 1) * 2 ** 15 + b(3) * 2 ** 7 + (b(4) >> 1);
  return { pts, video: streamId >= 0xe0 && streamId <= 0xef };
}
