// Hand-built fMP4 boxes for the tests: just the fields the reader looks at.

export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}

/** The same box with a 64-bit size (size field 1). */
export function largeBox(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + body.length));
  return Buffer.concat([u32(1), Buffer.from(type, "latin1"), size, body]);
}

export function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, u32(version * 2 ** 24 + flags), ...payload);

export interface FixtureTrack {
  id: number;
  handler: "vide" | "soun";
  timescale: number;
  /** trex defaults, for fragments that rely on them. */
  defaultDuration?: number;
}

export function initSection(tracks: readonly FixtureTrack[]): Buffer {
  const traks = tracks.map((t) =>
    box(
      "trak",
      fullBox("tkhd", 0, 3, u32(0), u32(0), u32(t.id)),
      box(
        "mdia",
        fullBox("mdhd", 0, 0, u32(0), u32(0), u32(t.timescale), u32(0)),
        fullBox("hdlr", 0, 0, u32(0), Buffer.from(t.handler, "latin1"), Buffer.alloc(13)),
      ),
    ),
  );
  const trexes = tracks.map((t) =>
    fullBox(
      "trex",
      0,
      0,
      u32(t.id),
      u32(1),
      u32(t.defaultDuration ?? 0),
      u32(0),
      u32(t.handler === "vide" ? NON_SYNC : 0),
    ),
  );
  return Buffer.concat([
    box("ftyp", Buffer.from("isom", "latin1"), u32(512)),
    box("moov", ...traks, box("mvex", ...trexes)),
  ]);
}

/** sample_depends_on=1 and sample_is_non_sync_sample, as ffmpeg writes for frames after the keyframe. */
export const NON_SYNC = 0x1010000;
const SYNC = 0x2000000;

export interface FixtureTraf {
  trackId: number;
  baseTime: number;
  samples: number;
  /** Omitted: the trex default. */
  sampleDuration?: number;
  /** Omitted: the defaults decide (tfhd's or trex's). */
  firstIsSync?: boolean;
  /** A 64-bit tfdt (version 1). */
  wideTime?: boolean;
}

export function fragment(trafs: readonly FixtureTraf[], mdatBytes = 8): Buffer {
  const moof = box("moof", fullBox("mfhd", 0, 0, u32(1)), ...trafs.map(traf));
  return Buffer.concat([moof, box("mdat", Buffer.alloc(mdatBytes, 0xab))]);
}

function traf(t: FixtureTraf): Buffer {
  const hasDuration = t.sampleDuration !== undefined;
  const tfhd = fullBox(
    "tfhd",
    0,
    0x20000 | (hasDuration ? 0x8 : 0) | 0x20,
    u32(t.trackId),
    ...(hasDuration ? [u32(t.sampleDuration as number)] : []),
    u32(NON_SYNC),
  );
  const time = Buffer.alloc(t.wideTime ? 8 : 4);
  if (t.wideTime) time.writeBigUInt64BE(BigInt(t.baseTime));
  else time.writeUInt32BE(t.baseTime);
  const tfdt = fullBox("tfdt", t.wideTime ? 1 : 0, 0, time);
  const first = t.firstIsSync === undefined ? [] : [u32(t.firstIsSync ? SYNC : NON_SYNC)];
  const trun = fullBox("trun", 0, 0x1 | (first.length ? 0x4 : 0), u32(t.samples), u32(0), ...first);
  return box("traf", tfhd, tfdt, trun);
}
