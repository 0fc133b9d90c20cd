import { describe, expect, it } from "vitest";
import { kitFiles, makeTorrent } from "../../../test/support/torrents.js";
import { bdecode, bencode, parseMagnet, parseTorrentFile, safeSegment } from "./torrent-meta.js";

describe("bencode", () => {
  it("round-trips integers, strings, lists and dictionaries", () => {
    const bytes = bencode({ b: [1, -2, Buffer.from("x")], a: 0 });
    expect(bytes.toString()).toBe("d1:ai0e1:bli1ei-2e1:xee");
    const back = bdecode(bytes) as { a: number; b: unknown[] };
    expect(back.a).toBe(0);
    expect(back.b.slice(0, 2)).toEqual([1, -2]);
  });

  it("refuses malformed input", () => {
    for (const bad of ["i01e", "5:abc", "d1:a", "l", "x", "i1ei2e", `${"l".repeat(100)}${"e".repeat(100)}`]) {
      expect(() => bdecode(Buffer.from(bad)), bad).toThrow();
    }
  });
});

describe("parseTorrentFile", () => {
  const files = kitFiles([
    [["a.txt"], 1000],
    [["sub", "b.bin"], 40_000],
  ]);
  const torrent = makeTorrent("My Folder", files, ["http://tracker.example/announce", "wss://x.example"]);

  it("reads the info hash, name, tree and trackers", () => {
    const info = parseTorrentFile(torrent.bytes, 7000);
    expect(info.infoHash).toBe(torrent.infoHash);
    expect(info.name).toBe("My Folder");
    expect(info.folder).toBe(true);
    expect(info.files).toEqual([
      { path: ["a.txt"], size: 1000 },
      { path: ["sub", "b.bin"], size: 40_000 },
    ]);
    expect(info.totalSize).toBe(41_000);
    expect(info.trackers).toEqual(["http://tracker.example/announce"]);
  });

  it("refuses more files than allowed, with a clear error", () => {
    expect(() => parseTorrentFile(torrent.bytes, 1)).toThrow(/at most 1 can be fetched/);
  });

  it("refuses bytes that are not a torrent", () => {
    expect(() => parseTorrentFile(Buffer.from("hello"), 10)).toThrow(/Not a torrent file/);
    expect(() => parseTorrentFile(bencode({ announce: Buffer.from("x") }), 10)).toThrow(/no info dictionary/);
  });

  it("keeps hostile paths inside the folder", () => {
    const evil = makeTorrent("..", kitFiles([[["..", "/etc", "passwd"], 10]]));
    const info = parseTorrentFile(evil.bytes, 10);
    expect(info.name).toBe("_");
    expect(info.files[0]?.path).toEqual(["_", "_etc", "passwd"]);
    expect(safeSegment("a\u0000b\\c")).toBe("a_b_c");
  });
});

describe("parseMagnet", () => {
  it("reads a hex info hash, the name and trackers", () => {
    const hash = "c12fe1c06bba254a9dc9f519b335aa7c1367a88a";
    const info = parseMagnet(
      `magnet:?xt=urn:btih:${hash.toUpperCase()}&dn=Some%20Name&tr=udp%3A%2F%2Ft.example%3A80&tr=http%3A%2F%2Fa.example%2Fannounce&tr=ws%3A%2F%2Fno`,
    );
    expect(info.infoHash).toBe(hash);
    expect(info.name).toBe("Some Name");
    expect(info.trackers).toEqual(["udp://t.example:80", "http://a.example/announce"]);
  });

  it("reads a base32 info hash", () => {
    expect(parseMagnet("magnet:?xt=urn:btih:YEX6DQDLXISUVHOJ6UM3GNNKPQJWPKEK").infoHash).toBe(
      "c12fe1c06bba254a9dc9f519b335aa7c1367a88a",
    );
  });

  it("refuses links without a BitTorrent hash", () => {
    expect(() => parseMagnet("magnet:?xt=urn:ed2k:abc")).toThrow(/no BitTorrent info hash/);
    expect(() => parseMagnet("http://example.com")).toThrow(/Not a magnet link/);
  });
});
