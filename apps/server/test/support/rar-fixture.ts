import { crc32 } from "node:zlib";

/**
 * A minimal RAR 4 archive with stored (uncompressed) entries, built byte by
 * byte: Debian has no free RAR creator, so the rar suites make their archives
 * here. Only what listing and extracting stored files need: marker, archive
 * header, file headers (Windows host, `\` separators), end of archive.
 */
export interface RarItem {
  path: string;
  data?: Buffer;
  dir?: boolean;
  /** Sets the "encrypted" flag (the bytes are left as they are: listing only). */
  encrypted?: boolean;
}

function block(type: number, flags: number, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(type, 0);
  head.writeUInt16LE(flags, 1);
  head.writeUInt16LE(7 + body.length, 3);
  const crcPart = Buffer.concat([head, body]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(crc32(crcPart) & 0xffff, 0);
  return Buffer.concat([crc, crcPart]);
}

export function makeRar(items: readonly RarItem[]): Buffer {
  const parts = [Buffer.from("Rar!\x1a\x07\x00", "latin1"), block(0x73, 0, Buffer.alloc(6))];
  for (const item of items) {
    const data = item.data ?? Buffer.alloc(0);
    const name = Buffer.from(item.path.replace(/\//g, "\\"), "utf8");
    const body = Buffer.alloc(25);
    body.writeUInt32LE(data.length, 0); // packed size
    body.writeUInt32LE(data.length, 4); // unpacked size
    body.writeUInt8(2, 8); // host OS: Windows
    body.writeUInt32LE(crc32(data), 9);
    body.writeUInt32LE(0x58b15a00, 13); // DOS time 2024-05-17
    body.writeUInt8(20, 17); // version needed 2.0
    body.writeUInt8(0x30, 18); // method: store
    body.writeUInt16LE(name.length, 19);
    body.writeUInt32LE(item.dir ? 0x10 : 0x20, 21);
    const flags = 0x8000 | (item.dir ? 0xe0 : 0) | (item.encrypted ? 0x04 : 0);
    parts.push(block(0x74, flags, Buffer.concat([body, name])), data);
  }
  parts.push(block(0x7b, 0x4000, Buffer.alloc(0)));
  return Buffer.concat(parts);
}
