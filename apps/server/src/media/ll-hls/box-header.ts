import { MAX_BOX_BYTES } from "./constants";

// ISO/IEC 14496-12 §4.2: a box is a 32-bit size (1: a 64-bit size follows the type; 0: to the end of the
// file), a four-character type, then its payload.

export class Fmp4Error extends Error {
  override name = "Fmp4Error";
}

export interface BoxHeader {
  type: string;
  /** The whole box, header included. */
  size: number;
  headerSize: number;
}

/** Box types are printable four-character codes; anything else means we are not reading boxes. */
const isFourCc = (bytes: Buffer, at: number) =>
  [0, 1, 2, 3].every((i) => {
    const c = bytes[at + 4 + i] as number;
    return c >= 0x20 && c <= 0x7e;
  });

/** The header of the box at `at`, or null when fewer than its header's bytes lie before `end`. */
export function readBoxHeader(bytes: Buffer, at: number, end: number): BoxHeader | null {
  if (end - at < 8) return null;
  if (!isFourCc(bytes, at)) {
    throw new Fmp4Error(
      `not an ISO-BMFF box at byte ${at}: type bytes ${bytes.subarray(at + 4, at + 8).toString("hex")}`,
    );
  }
  const type = bytes.toString("latin1", at + 4, at + 8);
  const short = bytes.readUInt32BE(at);
  if (short === 0)
    throw new Fmp4Error(`box ${type} has size 0 (to the end of the file), impossible in a live stream`);
  if (short !== 1) return checked({ type, size: short, headerSize: 8 });
  if (end - at < 16) return null;
  const large = bytes.readBigUInt64BE(at + 8);
  return checked({
    type,
    size: large > BigInt(MAX_BOX_BYTES) ? Number.POSITIVE_INFINITY : Number(large),
    headerSize: 16,
  });
}

function checked(box: BoxHeader): BoxHeader {
  if (box.size < box.headerSize)
    throw new Fmp4Error(`box ${box.type} has size ${box.size}, less than its header`);
  if (box.size > MAX_BOX_BYTES) throw new Fmp4Error(`box ${box.type} is larger than ${MAX_BOX_BYTES} bytes`);
  return box;
}

export interface Box {
  type: string;
  /** The payload's first byte. */
  start: number;
  end: number;
}

/** The boxes inside [start, end) of a box already read whole; each must end inside it. */
export function* childBoxes(bytes: Buffer, start: number, end: number): Generator<Box> {
  for (let at = start; at < end; ) {
    const header = readBoxHeader(bytes, at, end);
    if (!header || at + header.size > end) throw new Fmp4Error(`box at byte ${at} overruns its parent`);
    yield { type: header.type, start: at + header.headerSize, end: at + header.size };
    at += header.size;
  }
}

export const childBox = (bytes: Buffer, parent: Box, type: string): Box | undefined => {
  for (const box of childBoxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};

/** Reads a box's fields in order, refusing to read past its end. */
export class FieldReader {
  private at: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly box: Box,
  ) {
    this.at = box.start;
  }

  get remaining(): number {
    return this.box.end - this.at;
  }

  private take(n: number): number {
    if (n > this.remaining) throw new Fmp4Error(`box ${this.box.type} is truncated`);
    const at = this.at;
    this.at += n;
    return at;
  }

  skip(n: number): void {
    this.take(n);
  }

  u32(): number {
    return this.bytes.readUInt32BE(this.take(4));
  }

  u64(): number {
    const value = this.bytes.readBigUInt64BE(this.take(8));
    if (value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new Fmp4Error(`box ${this.box.type}: a 64-bit value too large`);
    return Number(value);
  }

  fourCc(): string {
    const at = this.take(4);
    return this.bytes.toString("latin1", at, at + 4);
  }

  /** A full box's version and flags (§4.2.2). */
  versionAndFlags(): { version: number; flags: number } {
    const word = this.u32();
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}
