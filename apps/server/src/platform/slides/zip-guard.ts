import { createInflateRaw } from "node:zlib";
import { SlideConversionError } from "./errors";
import type { SlideLimits } from "./limits";

// Issue 25 §1: a docx or pptx is a zip, and a zip can unpack to far more than it weighs. Before
// LibreOffice sees one, its central directory must declare a bounded total (and no entry packed past the
// ratio limit), and every entry must really unpack to no more than it declares: a bomb that lies in its
// directory is caught while unpacking, which stops at the declared size.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

interface Entry {
  name: string;
  method: number;
  encrypted: boolean;
  packed: number;
  unpacked: number;
  localOffset: number;
}

const damaged = (format: string) =>
  new SlideConversionError(
    "slide_unreadable",
    `The file is not a valid ${format} document (a damaged archive).`,
  );

const tooLarge = (message: string) => new SlideConversionError("slide_archive_too_large", message);

function centralDirectory(zip: Buffer, format: string): Entry[] {
  const floor = Math.max(0, zip.length - EOCD_BYTES - MAX_COMMENT_BYTES);
  let eocd = zip.length - EOCD_BYTES;
  while (eocd >= floor && zip.readUInt32LE(eocd) !== EOCD) eocd--;
  if (eocd < floor) throw damaged(format);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw damaged(format);
    const nameBytes = zip.readUInt16LE(at + 28);
    entries.push({
      encrypted: (zip.readUInt16LE(at + 8) & 1) === 1,
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + nameBytes),
    });
    at += 46 + nameBytes + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function checkDeclared(entries: Entry[], limits: SlideLimits): void {
  if (entries.length > limits.zipMaxEntries) {
    throw tooLarge(`The file holds ${entries.length} parts; at most ${limits.zipMaxEntries} are accepted.`);
  }
  const total = entries.reduce((sum, e) => sum + e.unpacked, 0);
  const limitMb = limits.zipMaxUnpackedBytes / 1e6;
  if (total > limits.zipMaxUnpackedBytes) {
    throw tooLarge(`The file unpacks to ${Math.round(total / 1e6)} MB; at most ${limitMb} MB are accepted.`);
  }
  const packedTooHard = entries.find(
    (e) => e.unpacked > limits.zipRatioFromBytes && e.unpacked > e.packed * limits.zipMaxRatio,
  );
  if (packedTooHard) {
    throw tooLarge(
      `The file's part ${packedTooHard.name} unpacks to more than ${limits.zipMaxRatio} times its size: it looks like a decompression bomb.`,
    );
  }
}

/** How many bytes `packed` inflates to, counting no further than `cap` + 1. */
function inflatedBytes(packed: Buffer, cap: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let bytes = 0;
    inflate.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > cap) {
        inflate.destroy();
        resolve(bytes);
      }
    });
    inflate.on("end", () => resolve(bytes));
    inflate.on("error", reject);
    inflate.end(packed);
  });
}

async function checkActual(zip: Buffer, entries: Entry[], format: string): Promise<void> {
  for (const e of entries) {
    if (e.encrypted || (e.method !== 0 && e.method !== 8)) throw damaged(format);
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw damaged(format);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    if (start + e.packed > zip.length) throw damaged(format);
    const packed = zip.subarray(start, start + e.packed);
    const bytes = e.method === 0 ? packed.length : await inflatedBytes(packed, e.unpacked).catch(() => -1);
    if (bytes < 0) throw damaged(format);
    if (bytes > e.unpacked) {
      throw tooLarge(
        `The file's part ${e.name} unpacks to more than it declares: it looks like a decompression bomb.`,
      );
    }
  }
}

const MAIN_FOLDER = { docx: "word/", pptx: "ppt/" } as const;

/** Refuses an OOXML file that is no such file, or that would unpack past the limits. */
export async function checkOfficeZip(
  zip: Buffer,
  format: "docx" | "pptx",
  limits: SlideLimits,
): Promise<void> {
  const entries = centralDirectory(zip, format);
  checkDeclared(entries, limits);
  const isOoxml =
    entries.some((e) => e.name === "[Content_Types].xml") &&
    entries.some((e) => e.name.startsWith(MAIN_FOLDER[format]));
  if (!isOoxml) throw damaged(format);
  await checkActual(zip, entries, format);
}
