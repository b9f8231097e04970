import { crc32, deflateRawSync } from "node:zlib";

// Zips for the slide suites: OOXML documents (ooxml.ts) and decompression bombs.

/** An entry's packed bytes as they go in the archive, with what its headers declare. */
export interface PackedEntry {
  bytes: Buffer;
  /** The unpacked size the headers declare (a lying bomb declares less than it unpacks to). */
  size: number;
  crc: number;
}

export interface ZipEntry {
  name: string;
  data?: Buffer | string;
  packed?: PackedEntry;
}

export function pack(data: Buffer | string): PackedEntry {
  const raw = Buffer.from(data);
  return { bytes: deflateRawSync(raw), size: raw.length, crc: crc32(raw) };
}

/** A zip of deflated entries: local headers, then the central directory and its end record. */
export function zipFile(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { bytes, size, crc } = entry.packed ?? pack(entry.data ?? "");
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(bytes.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(bytes.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, bytes);
    central.push(header, name);
    offset += local.length + name.length + bytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** `megabytes` of zeros, deflated (about a thousandth of that). */
export const packedZeros = (megabytes: number) => pack(Buffer.alloc(megabytes * 1_000_000));
