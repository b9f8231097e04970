import { type Box, childBox, childBoxes, FieldReader, Fmp4Error } from "./box-header";

// The few fields of the init section (moov) and of each fragment (moof) the packager needs
// (ISO/IEC 14496-12 §8.3-8.8).

export type TrackKind = "video" | "audio" | "other";

export interface Track {
  id: number;
  kind: TrackKind;
  timescale: number;
}

/** trex: what a fragment's samples are when neither tfhd nor trun says (§8.8.3). */
export interface SampleDefaults {
  duration: number;
  flags: number;
}

export interface TrackFragment {
  trackId: number;
  baseMediaDecodeTime: number;
  /** Summed sample durations, in the track's timescale. */
  duration: number;
  sampleCount: number;
  /** Whether the first sample is a sync sample; null for a fragment without samples. */
  startsWithSyncSample: boolean | null;
}

const HANDLER_KINDS: Record<string, TrackKind> = { vide: "video", soun: "audio" };
/** §8.8.3.1: sample_is_non_sync_sample. */
const NON_SYNC_SAMPLE = 0x10000;

const required = (bytes: Buffer, parent: Box, type: string): Box =>
  childBox(bytes, parent, type) ?? raise(`${parent.type} has no ${type}`);

function raise(message: string): never {
  throw new Fmp4Error(message);
}

export function parseMoov(
  bytes: Buffer,
  moov: Box,
): { tracks: Track[]; defaults: Map<number, SampleDefaults> } {
  const tracks = [...childBoxes(bytes, moov.start, moov.end)]
    .filter((b) => b.type === "trak")
    .map((trak) => parseTrak(bytes, trak));
  if (tracks.length === 0) raise("moov has no track");
  const defaults = new Map<number, SampleDefaults>();
  const mvex = childBox(bytes, moov, "mvex");
  for (const trex of mvex ? childBoxes(bytes, mvex.start, mvex.end) : []) {
    if (trex.type !== "trex") continue;
    const r = new FieldReader(bytes, trex);
    r.versionAndFlags();
    const trackId = r.u32();
    r.skip(4); // default_sample_description_index
    const duration = r.u32();
    r.skip(4); // default_sample_size
    defaults.set(trackId, { duration, flags: r.u32() });
  }
  return { tracks, defaults };
}

function parseTrak(bytes: Buffer, trak: Box): Track {
  const tkhd = new FieldReader(bytes, required(bytes, trak, "tkhd"));
  const { version: tkhdVersion } = tkhd.versionAndFlags();
  tkhd.skip(tkhdVersion === 1 ? 16 : 8); // creation and modification times
  const id = tkhd.u32();
  const mdia = required(bytes, trak, "mdia");
  const mdhd = new FieldReader(bytes, required(bytes, mdia, "mdhd"));
  const { version: mdhdVersion } = mdhd.versionAndFlags();
  mdhd.skip(mdhdVersion === 1 ? 16 : 8);
  const timescale = mdhd.u32();
  if (timescale === 0) raise(`track ${id} has timescale 0`);
  const hdlr = new FieldReader(bytes, required(bytes, mdia, "hdlr"));
  hdlr.skip(8); // version, flags, pre_defined
  const handler = hdlr.fourCc();
  return { id, kind: HANDLER_KINDS[handler] ?? "other", timescale };
}

/** Each track fragment's timing and whether it starts on a sync sample (tfhd, tfdt, trun: §8.8.7-8.8.12). */
export function parseMoof(
  bytes: Buffer,
  moof: Box,
  defaults: ReadonlyMap<number, SampleDefaults>,
): TrackFragment[] {
  return [...childBoxes(bytes, moof.start, moof.end)]
    .filter((b) => b.type === "traf")
    .map((traf) => parseTraf(bytes, traf, defaults));
}

function parseTraf(
  bytes: Buffer,
  traf: Box,
  trexDefaults: ReadonlyMap<number, SampleDefaults>,
): TrackFragment {
  const tfhd = new FieldReader(bytes, required(bytes, traf, "tfhd"));
  const { flags } = tfhd.versionAndFlags();
  const trackId = tfhd.u32();
  // An absolute base offset would point into the whole stream: such a fragment cannot be served on its own.
  if (flags & 0x1) raise(`track ${trackId}: absolute base data offsets (use -movflags +default_base_moof)`);
  if (flags & 0x2) tfhd.skip(4);
  const trex = trexDefaults.get(trackId) ?? { duration: 0, flags: 0 };
  const duration = flags & 0x8 ? tfhd.u32() : trex.duration;
  if (flags & 0x10) tfhd.skip(4); // default_sample_size
  const sampleDefaults = { duration, flags: flags & 0x20 ? tfhd.u32() : trex.flags };
  const tfdt = new FieldReader(bytes, required(bytes, traf, "tfdt"));
  const baseMediaDecodeTime = tfdt.versionAndFlags().version === 1 ? tfdt.u64() : tfdt.u32();
  const fragment: TrackFragment = {
    trackId,
    baseMediaDecodeTime,
    duration: 0,
    sampleCount: 0,
    startsWithSyncSample: null,
  };
  for (const trun of childBoxes(bytes, traf.start, traf.end)) {
    if (trun.type === "trun") addRun(new FieldReader(bytes, trun), sampleDefaults, fragment);
  }
  return fragment;
}

function addRun(trun: FieldReader, defaults: SampleDefaults, into: TrackFragment): void {
  const { flags } = trun.versionAndFlags();
  const count = trun.u32();
  if (flags & 0x1) trun.skip(4); // data_offset
  const firstFlags = flags & 0x4 ? trun.u32() : null;
  const fieldsPerSample = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
  // Checked before the loop: a garbage count fails here instead of looping billions of times.
  if (count * fieldsPerSample * 4 > trun.remaining) raise(`trun: ${count} samples do not fit in the box`);
  let firstSampleFlags = firstFlags ?? defaults.flags;
  if (fieldsPerSample === 0) into.duration += count * defaults.duration;
  for (let i = 0; i < count && fieldsPerSample > 0; i++) {
    into.duration += flags & 0x100 ? trun.u32() : defaults.duration;
    if (flags & 0x200) trun.skip(4);
    const sampleFlags = flags & 0x400 ? trun.u32() : defaults.flags;
    if (i === 0 && firstFlags === null) firstSampleFlags = sampleFlags;
    if (flags & 0x800) trun.skip(4);
  }
  if (count > 0 && into.sampleCount === 0)
    into.startsWithSyncSample = (firstSampleFlags & NON_SYNC_SAMPLE) === 0;
  into.sampleCount += count;
}
