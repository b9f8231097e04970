import { describe, expect, test } from "vitest";
import { Fmp4Error } from "./box-header";
import { type Fmp4Item, Fmp4Reader } from "./boxes";
import { box, fragment, initSection, largeBox, u32 } from "./fixtures";

const TRACKS = [
  { id: 1, handler: "vide", timescale: 15360 },
  { id: 2, handler: "soun", timescale: 48000, defaultDuration: 1024 },
] as const;

const STREAM = Buffer.concat([
  initSection(TRACKS),
  fragment([
    { trackId: 1, baseTime: 0, samples: 10, sampleDuration: 512, firstIsSync: true },
    { trackId: 2, baseTime: 0, samples: 16 },
  ]),
  fragment([
    { trackId: 1, baseTime: 5120, samples: 10, sampleDuration: 512 },
    { trackId: 2, baseTime: 16384, samples: 15, wideTime: true },
  ]),
  box("mfra", u32(0)),
]);

function readInChunks(bytes: Buffer, size: number): Fmp4Item[] {
  const reader = new Fmp4Reader();
  const items: Fmp4Item[] = [];
  for (let at = 0; at < bytes.length; at += size) items.push(...reader.push(bytes.subarray(at, at + size)));
  return items;
}

describe("the fMP4 reader", () => {
  test("reads the init section once, then each fragment's tracks and keyframe", () => {
    const [init, first, second, ...rest] = readInChunks(STREAM, STREAM.length);
    expect(rest).toEqual([]);
    expect(init).toMatchObject({
      type: "init",
      tracks: [
        { id: 1, kind: "video", timescale: 15360 },
        { id: 2, kind: "audio", timescale: 48000 },
      ],
    });
    expect(first).toMatchObject({
      type: "fragment",
      startsWithKeyframe: true,
      tracks: [
        { trackId: 1, baseMediaDecodeTime: 0, duration: 5120, sampleCount: 10, startsWithSyncSample: true },
        // No duration in tfhd or trun: trex's default.
        { trackId: 2, baseMediaDecodeTime: 0, duration: 16 * 1024, sampleCount: 16 },
      ],
    });
    expect(second).toMatchObject({
      startsWithKeyframe: false,
      tracks: [{ baseMediaDecodeTime: 5120 }, { baseMediaDecodeTime: 16384, duration: 15 * 1024 }],
    });
    expect(Buffer.concat([init, first, second].map((item) => item?.bytes ?? Buffer.alloc(0)))).toEqual(
      STREAM.subarray(0, STREAM.length - 12),
    );
  });

  test.each([1, 3, 7, 16, 100, 1000])("boxes split into %i-byte chunks read the same", (size) => {
    expect(readInChunks(STREAM, size)).toEqual(readInChunks(STREAM, STREAM.length));
  });

  test("a box with a 64-bit size is read", () => {
    const init = initSection(TRACKS);
    const moofAndMdat = fragment([
      { trackId: 1, baseTime: 7, samples: 1, sampleDuration: 512, firstIsSync: true },
    ]);
    const moofSize = moofAndMdat.readUInt32BE(0);
    const wideMdat = largeBox("mdat", Buffer.alloc(20, 1));
    const items = readInChunks(Buffer.concat([init, moofAndMdat.subarray(0, moofSize), wideMdat]), 5);
    expect(items[1]).toMatchObject({ tracks: [{ baseMediaDecodeTime: 7 }], startsWithKeyframe: true });
    expect(items[1]?.bytes.length).toBe(moofSize + 36);
  });
});

const init = initSection(TRACKS);
const oneFragment = fragment([{ trackId: 1, baseTime: 0, samples: 1, sampleDuration: 512 }]);
const moofOnly = oneFragment.subarray(0, oneFragment.readUInt32BE(0));
const absurdLarge = Buffer.concat([u32(1), Buffer.from("mdat"), Buffer.from("00000001000000ff", "hex")]);
const hugeTrun = (() => {
  const f = Buffer.from(oneFragment);
  // trun's sample_count, with per-sample durations claimed: far more samples than the box holds.
  const at = f.indexOf("trun") + 4;
  f.writeUInt32BE(0x101, at);
  f.writeUInt32BE(0xffffffff, at + 4);
  return f;
})();

describe("the fMP4 reader refuses what is not a live fMP4 stream", () => {
  test.each([
    {
      case: "a size below 8",
      bytes: Buffer.concat([u32(4), Buffer.from("ftyp")]),
      error: /size 4, less than its header/,
    },
    {
      case: "a size over 64 MB",
      bytes: Buffer.concat([u32(2 ** 31), Buffer.from("mdat")]),
      error: /larger than/,
    },
    { case: "a 64-bit size over 64 MB", bytes: absurdLarge, error: /larger than/ },
    {
      case: "a size of 0 (to the end)",
      bytes: Buffer.concat([u32(0), Buffer.from("mdat")]),
      error: /size 0/,
    },
    { case: "binary noise", bytes: Buffer.from("0000001000ff7f01", "hex"), error: /not an ISO-BMFF box/ },
    { case: "text", bytes: Buffer.from("<html><body>not video</body></html>"), error: /larger than/ },
    { case: "a fragment before the init", bytes: oneFragment, error: /before the init section/ },
    { case: "an mdat without moof", bytes: Buffer.concat([init, box("mdat")]), error: /without its moof/ },
    {
      case: "two moofs in a row",
      bytes: Buffer.concat([init, moofOnly, moofOnly]),
      error: /without its mdat/,
    },
    { case: "a second init", bytes: Buffer.concat([init, init]), error: /second init section/ },
    { case: "a sample count beyond its box", bytes: Buffer.concat([init, hugeTrun]), error: /do not fit/ },
    {
      case: "an unknown top-level box, before its bytes arrive",
      bytes: Buffer.concat([init, u32(1000), Buffer.from("wxyz")]),
      error: /unexpected top-level box wxyz/,
    },
  ])("$case", ({ bytes, error }) => {
    const reader = new Fmp4Reader();
    expect(() => reader.push(bytes)).toThrow(error);
    // The stream is lost: later bytes are refused too, never read as a fresh start.
    expect(() => reader.push(init)).toThrow(Fmp4Error);
  });

  test("a box announced as large is waited for, not refused, while under the limit", () => {
    const reader = new Fmp4Reader();
    expect(reader.push(Buffer.concat([init, u32(60 * 1024 * 1024), Buffer.from("free")]))).toHaveLength(1);
  });
});
