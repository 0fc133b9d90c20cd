import { createHash } from "node:crypto";
import { NimbusError } from "@nimbus/protocol";

/**
 * Reads magnet URIs and `.torrent` files (BEP 3, BEP 9) without a BitTorrent engine:
 * the API process uses it to validate a link and know its files before any peer is
 * contacted, and to hand the engine a torrent whose trackers it has already vetted.
 */

export type Bencoded = number | Uint8Array | Bencoded[] | { [key: string]: Bencoded };

/** Deepest nesting accepted in a bencoded value (real torrents need 4). */
const MAX_DEPTH = 32;

class BencodeError extends Error {}

/** Decodes one bencoded value; `info` receives the byte range of the top-level `info` value. */
export function bdecode(bytes: Uint8Array, infoRange?: { start: number; end: number }): Bencoded {
  let at = 0;
  const text = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  const readInt = (end: number): number => {
    const raw = text(at, end);
    if (!/^(0|-?[1-9][0-9]*)$/.test(raw)) throw new BencodeError("bad integer");
    at = end + 1;
    const value = Number(raw);
    if (!Number.isSafeInteger(value)) throw new BencodeError("integer out of range");
    return value;
  };
  const value = (depth: number, top: boolean): Bencoded => {
    if (depth > MAX_DEPTH) throw new BencodeError("nested too deep");
    const byte = bytes[at];
    if (byte === undefined) throw new BencodeError("truncated");
    if (byte === 0x69 /* i */) {
      const end = bytes.indexOf(0x65, at + 1);
      if (end < 0) throw new BencodeError("truncated");
      at += 1;
      return readInt(end);
    }
    if (byte === 0x6c /* l */) {
      at += 1;
      const list: Bencoded[] = [];
      while (bytes[at] !== 0x65) list.push(value(depth + 1, false));
      at += 1;
      return list;
    }
    if (byte === 0x64 /* d */) {
      at += 1;
      const dict: { [key: string]: Bencoded } = Object.create(null);
      while (bytes[at] !== 0x65) {
        const key = value(depth + 1, false);
        if (!(key instanceof Uint8Array)) throw new BencodeError("dictionary key is not a string");
        const name = Buffer.from(key).toString("utf8");
        const start = at;
        dict[name] = value(depth + 1, false);
        if (top && name === "info" && infoRange) {
          infoRange.start = start;
          infoRange.end = at;
        }
      }
      at += 1;
      return dict;
    }
    if (byte >= 0x30 && byte <= 0x39) {
      const colon = bytes.indexOf(0x3a, at);
      if (colon < 0) throw new BencodeError("truncated");
      const length = readInt(colon);
      if (length < 0 || at + length > bytes.length) throw new BencodeError("truncated");
      const out = bytes.subarray(at, at + length);
      at += length;
      return out;
    }
    throw new BencodeError("unexpected byte");
  };
  const result = value(0, true);
  if (at !== bytes.length) throw new BencodeError("trailing bytes");
  return result;
}

/** Encodes a value (dictionary keys sorted, as BEP 3 requires). */
export function bencode(input: Bencoded | string): Buffer {
  const parts: Buffer[] = [];
  const put = (item: Bencoded | string): void => {
    if (typeof item === "number") parts.push(Buffer.from(`i${Math.trunc(item)}e`));
    else if (typeof item === "string") put(Buffer.from(item, "utf8"));
    else if (item instanceof Uint8Array) parts.push(Buffer.from(`${item.length}:`), Buffer.from(item));
    else if (Array.isArray(item)) {
      parts.push(Buffer.from("l"));
      for (const entry of item) put(entry);
      parts.push(Buffer.from("e"));
    } else {
      parts.push(Buffer.from("d"));
      for (const key of Object.keys(item).sort()) {
        put(key);
        put(item[key] as Bencoded);
      }
      parts.push(Buffer.from("e"));
    }
  };
  put(input);
  return Buffer.concat(parts);
}

export interface TorrentFileEntry {
  /** Path segments inside the torrent's folder (a single-file torrent: its name). */
  path: string[];
  size: number;
}

export interface TorrentInfo {
  /** Lowercase hex SHA-1 of the bencoded info dictionary. */
  infoHash: string;
  name: string;
  /** True for a multi-file torrent (saved as a folder). */
  folder: boolean;
  /** Empty for a magnet (files come with the metadata). */
  files: TorrentFileEntry[];
  totalSize?: number;
  trackers: string[];
}

const invalid = (what: string) => new NimbusError("invalid_argument", what);

/** A path segment safe to create on disk: no separators, no `.`/`..`, no control characters. */
export function safeSegment(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let segment = raw.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim();
  if (segment === "" || segment === "." || segment === "..") segment = "_";
  // Keep a segment within common file-system name limits (255 bytes).
  while (Buffer.byteLength(segment) > 255) segment = segment.slice(0, -1);
  return segment;
}

const str = (value: Bencoded | undefined): string | undefined =>
  value instanceof Uint8Array ? Buffer.from(value).toString("utf8") : undefined;

/** Parses a `.torrent` file's bytes; refuses malformed files and more than `maxFiles` files. */
export function parseTorrentFile(bytes: Uint8Array, maxFiles: number): TorrentInfo {
  const range = { start: -1, end: -1 };
  let root: Bencoded;
  try {
    root = bdecode(bytes, range);
  } catch (error) {
    throw invalid(`Not a torrent file (${(error as Error).message}).`);
  }
  if (typeof root !== "object" || root instanceof Uint8Array || Array.isArray(root) || range.start < 0) {
    throw invalid("Not a torrent file (no info dictionary).");
  }
  const info = root.info;
  if (typeof info !== "object" || info instanceof Uint8Array || Array.isArray(info)) {
    throw invalid("Not a torrent file (no info dictionary).");
  }
  const name = safeSegment(str(info["name.utf-8"]) ?? str(info.name) ?? "");
  const pieces = info.pieces;
  if (
    !(pieces instanceof Uint8Array) ||
    pieces.length % 20 !== 0 ||
    typeof info["piece length"] !== "number"
  ) {
    throw invalid("Not a torrent file (no pieces).");
  }
  const files: TorrentFileEntry[] = [];
  let folder = false;
  if (Array.isArray(info.files)) {
    folder = true;
    if (info.files.length > maxFiles) {
      throw invalid(
        `This torrent holds ${info.files.length} files; at most ${maxFiles} can be fetched in one task.`,
      );
    }
    for (const entry of info.files) {
      if (typeof entry !== "object" || entry instanceof Uint8Array || Array.isArray(entry)) {
        throw invalid("Not a torrent file (bad file entry).");
      }
      const rawPath = Array.isArray(entry["path.utf-8"]) ? entry["path.utf-8"] : entry.path;
      if (
        !Array.isArray(rawPath) ||
        rawPath.length === 0 ||
        typeof entry.length !== "number" ||
        entry.length < 0
      ) {
        throw invalid("Not a torrent file (bad file entry).");
      }
      files.push({ path: rawPath.map((part) => safeSegment(str(part) ?? "")), size: entry.length });
    }
  } else {
    if (typeof info.length !== "number" || info.length < 0) throw invalid("Not a torrent file (no length).");
    files.push({ path: [name], size: info.length });
  }
  if (files.length === 0) throw invalid("This torrent holds no files.");
  const trackers = new Set<string>();
  const announce = str(root.announce);
  if (announce) trackers.add(announce);
  if (Array.isArray(root["announce-list"])) {
    for (const tier of root["announce-list"]) {
      if (!Array.isArray(tier)) continue;
      for (const url of tier) {
        const text = str(url);
        if (text) trackers.add(text);
      }
    }
  }
  return {
    infoHash: createHash("sha1").update(bytes.subarray(range.start, range.end)).digest("hex"),
    name,
    folder,
    files,
    totalSize: files.reduce((sum, file) => sum + file.size, 0),
    trackers: [...trackers].filter(isTrackerUrl),
  };
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32ToHex(input: string): string {
  let bits = "";
  for (const char of input.toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw invalid("Not a magnet link (bad info hash).");
    bits += value.toString(2).padStart(5, "0");
  }
  let hex = "";
  for (let i = 0; i + 4 <= bits.length; i += 4) hex += Number.parseInt(bits.slice(i, i + 4), 2).toString(16);
  return hex;
}

/** Trackers Nimbus can talk to (the engine speaks HTTP(S) and UDP trackers). */
export function isTrackerUrl(url: string): boolean {
  try {
    return ["http:", "https:", "udp:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** Parses a `magnet:?xt=urn:btih:…` link (hex or base32 info hash, `dn`, `tr`). */
export function parseMagnet(uri: string): TorrentInfo {
  const text = uri.trim();
  if (!/^magnet:\?/i.test(text)) throw invalid("Not a magnet link.");
  const params = new URLSearchParams(text.slice(text.indexOf("?") + 1));
  let infoHash: string | undefined;
  for (const xt of params.getAll("xt")) {
    const match = /^urn:btih:([0-9a-z]+)$/i.exec(xt.trim());
    if (!match?.[1]) continue;
    const raw = match[1];
    if (/^[0-9a-f]{40}$/i.test(raw)) infoHash = raw.toLowerCase();
    else if (raw.length === 32) infoHash = base32ToHex(raw);
    if (infoHash) break;
  }
  if (!infoHash) throw invalid("This magnet link has no BitTorrent info hash (urn:btih).");
  const name = params.get("dn");
  return {
    infoHash,
    name: name ? safeSegment(name) : infoHash,
    folder: true,
    files: [],
    trackers: [...new Set(params.getAll("tr").map((tr) => tr.trim()))].filter(isTrackerUrl),
  };
}
