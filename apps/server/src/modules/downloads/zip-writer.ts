import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { NimbusError } from "@nimbus/protocol";
import type { ByteRange } from "../../blobs/blob-store.js";

/** One item of a zip: a folder (`path` ends with `/`) or a file whose bytes `open` streams. */
export interface ZipEntry {
  path: string;
  size: number;
  modifiedAt: number;
  /** The bytes, or the inclusive `range` of them. */
  open?: (range?: ByteRange) => Promise<AsyncIterable<Uint8Array>>;
  /** The CRC-32 of the bytes when already known (`blobs.crc32`); computed when needed otherwise. */
  crc?: number | undefined;
}

export interface ZipStreamOptions {
  /** Only these bytes of the zip (inclusive, inside `zipSize`): what a `Range` request asks for. */
  range?: ByteRange | undefined;
  /** Told each CRC the stream had to compute, so the caller can keep it for the next time. */
  onCrc?: ((entry: ZipEntry, crc: number) => Promise<void>) | undefined;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ZIP64_END_RECORD = 56;
const ZIP64_LOCATOR = 20;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;

interface Layout {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  /** Sizes need 64 bits: zip64 extra in the local header, 24-byte data descriptor. */
  bigSize: boolean;
  bigOffset: boolean;
  crc: number | undefined;
}

function layoutOf(entries: readonly ZipEntry[]): { items: Layout[]; centralOffset: number } {
  let offset = 0;
  const items = entries.map((entry) => {
    const name = Buffer.from(entry.path, "utf8");
    const bigSize = entry.size >= MAX32;
    const item: Layout = { entry, name, offset, bigSize, bigOffset: offset >= MAX32, crc: entry.crc };
    offset += LOCAL_HEADER + name.length + (bigSize ? 20 : 0) + entry.size + (bigSize ? 24 : 16);
    return item;
  });
  return { items, centralOffset: offset };
}

function centralExtraLength(item: Layout): number {
  const fields = (item.bigSize ? 2 : 0) + (item.bigOffset ? 1 : 0);
  return fields === 0 ? 0 : 4 + 8 * fields;
}

function needsZip64End(count: number, centralOffset: number, centralSize: number): boolean {
  return count >= MAX16 || centralOffset >= MAX32 || centralSize >= MAX32;
}

/** The exact byte length of the zip `zipStream` writes for these entries (for Content-Length). */
export function zipSize(entries: readonly ZipEntry[]): number {
  const { items, centralOffset } = layoutOf(entries);
  const centralSize = items.reduce((n, i) => n + CENTRAL_HEADER + i.name.length + centralExtraLength(i), 0);
  const zip64 = needsZip64End(items.length, centralOffset, centralSize);
  return centralOffset + centralSize + (zip64 ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD;
}

function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(Math.max(ms, Date.UTC(1980, 0, 1)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

function localHeader(item: Layout): Buffer {
  const { time, date } = dosDateTime(item.entry.modifiedAt);
  const extra = item.bigSize ? 20 : 0;
  const b = Buffer.alloc(LOCAL_HEADER + item.name.length + extra);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(item.bigSize ? 45 : 20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC 0 and sizes 0 (or the zip64 marker): the data descriptor carries them.
  b.writeUInt32LE(item.bigSize ? MAX32 : 0, 18);
  b.writeUInt32LE(item.bigSize ? MAX32 : 0, 22);
  b.writeUInt16LE(item.name.length, 26);
  b.writeUInt16LE(extra, 28);
  item.name.copy(b, LOCAL_HEADER);
  if (item.bigSize) {
    const at = LOCAL_HEADER + item.name.length;
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(16, at + 2);
    b.writeBigUInt64LE(BigInt(item.entry.size), at + 4);
    b.writeBigUInt64LE(BigInt(item.entry.size), at + 12);
  }
  return b;
}

function dataDescriptor(item: Layout & { crc: number }): Buffer {
  const size = item.entry.size;
  const b = Buffer.alloc(item.bigSize ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(item.crc, 4);
  if (item.bigSize) {
    b.writeBigUInt64LE(BigInt(size), 8);
    b.writeBigUInt64LE(BigInt(size), 16);
  } else {
    b.writeUInt32LE(size, 8);
    b.writeUInt32LE(size, 12);
  }
  return b;
}

function centralHeader(item: Layout & { crc: number }): Buffer {
  const { time, date } = dosDateTime(item.entry.modifiedAt);
  const extra = centralExtraLength(item);
  const isDir = item.entry.path.endsWith("/");
  const b = Buffer.alloc(CENTRAL_HEADER + item.name.length + extra);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  b.writeUInt16LE(item.bigSize || item.bigOffset ? 45 : 20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(item.crc, 16);
  b.writeUInt32LE(item.bigSize ? MAX32 : item.entry.size, 20);
  b.writeUInt32LE(item.bigSize ? MAX32 : item.entry.size, 24);
  b.writeUInt16LE(item.name.length, 28);
  b.writeUInt16LE(extra, 30);
  // comment length, disk number, internal attributes: 0
  const mode = isDir ? 0o40755 : 0o100644;
  b.writeUInt32LE(((mode << 16) | (isDir ? 0x10 : 0)) >>> 0, 38);
  b.writeUInt32LE(item.bigOffset ? MAX32 : item.offset, 42);
  item.name.copy(b, CENTRAL_HEADER);
  if (extra > 0) {
    let at = CENTRAL_HEADER + item.name.length;
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(extra - 4, at + 2);
    at += 4;
    if (item.bigSize) {
      b.writeBigUInt64LE(BigInt(item.entry.size), at);
      b.writeBigUInt64LE(BigInt(item.entry.size), at + 8);
      at += 16;
    }
    if (item.bigOffset) b.writeBigUInt64LE(BigInt(item.offset), at);
  }
  return b;
}

function endRecords(count: number, centralOffset: number, centralSize: number): Buffer {
  const zip64 = needsZip64End(count, centralOffset, centralSize);
  const b = Buffer.alloc((zip64 ? ZIP64_END_RECORD + ZIP64_LOCATOR : 0) + END_RECORD);
  let at = 0;
  if (zip64) {
    b.writeUInt32LE(0x06064b50, 0);
    b.writeBigUInt64LE(BigInt(ZIP64_END_RECORD - 12), 4);
    b.writeUInt16LE((3 << 8) | 45, 12);
    b.writeUInt16LE(45, 14);
    // this disk 0, disk with the central directory 0
    b.writeBigUInt64LE(BigInt(count), 24);
    b.writeBigUInt64LE(BigInt(count), 32);
    b.writeBigUInt64LE(BigInt(centralSize), 40);
    b.writeBigUInt64LE(BigInt(centralOffset), 48);
    b.writeUInt32LE(0x07064b50, 56);
    b.writeBigUInt64LE(BigInt(centralOffset + centralSize), 64); // where the zip64 end record is
    b.writeUInt32LE(1, 72); // total disks
    at = ZIP64_END_RECORD + ZIP64_LOCATOR;
  }
  b.writeUInt32LE(0x06054b50, at);
  b.writeUInt16LE(zip64 ? MAX16 : count, at + 8);
  b.writeUInt16LE(zip64 ? MAX16 : count, at + 10);
  b.writeUInt32LE(zip64 ? MAX32 : centralSize, at + 12);
  b.writeUInt32LE(zip64 ? MAX32 : centralOffset, at + 16);
  return b;
}

/** The part of `bytes` (which starts at zip offset `at`) inside [from, to). */
function slice(bytes: Buffer, at: number, from: number, to: number): Buffer | undefined {
  const start = Math.max(from, at);
  const end = Math.min(to, at + bytes.length);
  return start < end ? bytes.subarray(start - at, end - at) : undefined;
}

function sizeMismatch(item: Layout, read: number): NimbusError {
  return new NimbusError("data_loss", `${item.entry.path}: expected ${item.entry.size} bytes, read ${read}`);
}

async function zipChunks(
  entries: readonly ZipEntry[],
  options: ZipStreamOptions,
): Promise<AsyncGenerator<Uint8Array>> {
  const { items, centralOffset } = layoutOf(entries);
  const total = zipSize(entries);
  const from = options.range?.start ?? 0;
  const to = options.range ? options.range.end + 1 : total;
  if (from < 0 || to > total || from >= to) {
    throw new NimbusError("range_not_satisfiable", `zip bytes ${from}-${to - 1} of ${total}`);
  }

  /** The CRC of an entry the range did not stream whole: read from its bytes once, then kept. */
  async function crcOf(item: Layout): Promise<number> {
    if (item.crc !== undefined) return item.crc;
    let crc = 0;
    let read = 0;
    if (item.entry.open && item.entry.size > 0) {
      for await (const chunk of await item.entry.open()) {
        crc = crc32(chunk, crc);
        read += chunk.length;
      }
    }
    if (read !== item.entry.size) throw sizeMismatch(item, read);
    return remember(item, crc);
  }

  async function remember(item: Layout, crc: number): Promise<number> {
    item.crc = crc;
    if (item.entry.open && item.entry.crc === undefined) await options.onCrc?.(item.entry, crc);
    return crc;
  }

  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const item of items) {
      const header = localHeader(item);
      const head = slice(header, item.offset, from, to);
      if (head) yield head;
      const dataStart = item.offset + header.length;
      const dataEnd = dataStart + item.entry.size;
      if (dataStart < to && dataEnd > from && item.entry.open) {
        // The whole entry passes: its CRC comes for free. A part of it: only those bytes are read.
        const whole = from <= dataStart && to >= dataEnd;
        const first = Math.max(from, dataStart) - dataStart;
        const wanted = Math.min(to, dataEnd) - dataStart - first;
        let crc = 0;
        let read = 0;
        const source = await item.entry.open(whole ? undefined : { start: first, end: first + wanted - 1 });
        for await (const chunk of source) {
          read += chunk.length;
          if (read > wanted) break;
          if (whole) crc = crc32(chunk, crc);
          yield chunk;
        }
        if (read !== wanted) throw sizeMismatch(item, whole ? read : first + read);
        if (whole) await remember(item, crc);
      }
      const descriptorSize = item.bigSize ? 24 : 16;
      if (dataEnd < to && dataEnd + descriptorSize > from) {
        const crc = await crcOf(item);
        const tail = slice(dataDescriptor({ ...item, crc }), dataEnd, from, to);
        if (tail) yield tail;
      }
    }
    let at = centralOffset;
    for (const item of items) {
      const length = CENTRAL_HEADER + item.name.length + centralExtraLength(item);
      if (at < to && at + length > from) {
        const central = slice(centralHeader({ ...item, crc: await crcOf(item) }), at, from, to);
        if (central) yield central;
      }
      at += length;
    }
    const end = slice(endRecords(items.length, centralOffset, at - centralOffset), at, from, to);
    if (end) yield end;
  }
  return chunks();
}

/**
 * A zip of `entries` as a stream: stored (no compression, so the exact size is
 * known up front, see `zipSize`), ZIP64 where sizes, offsets or the entry count
 * need it. The layout depends only on the entries (paths, sizes, times) and the
 * bytes only on their contents, so any `range` of it is the same bytes as that
 * part of the whole zip (decision 0066): `Range` and resumed downloads work. CRCs
 * go in data descriptors after each entry's bytes: computed while an entry passes
 * whole, taken from `entry.crc`, or read from the entry's bytes when the range
 * needs a CRC it did not stream whole; each one computed is handed to `onCrc`.
 * Nothing is buffered beyond one chunk and one header.
 */
export async function zipStream(
  entries: readonly ZipEntry[],
  options: ZipStreamOptions = {},
): Promise<Readable> {
  const chunks = await zipChunks(entries, options);
  return Readable.from(chunks, { objectMode: false, highWaterMark: 1024 * 1024 });
}
