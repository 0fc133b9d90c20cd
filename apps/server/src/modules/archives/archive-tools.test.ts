import { describe, expect, it } from "vitest";
import { claimedFormat, sniffFormat } from "./archive-format.js";
import { parseLsarListing, parseSevenZipListing } from "./archive-tools.js";

describe("archive tools", () => {
  it("parses 7-Zip's technical listing", () => {
    const output = [
      "Listing archive: x.zip",
      "--",
      "Path = x.zip",
      "Type = zip",
      "",
      "----------",
      "Path = docs",
      "Folder = +",
      "Size = 0",
      "Packed Size = 0",
      "Modified = 2024-05-17 10:30:12",
      "Encrypted = -",
      "",
      "Path = docs/a = b.txt",
      "Folder = -",
      "Size = 12",
      "Packed Size = 10",
      "Modified = 2024-05-17 10:30:12",
      "Encrypted = +",
      "",
    ].join("\n");
    expect(parseSevenZipListing(output)).toEqual([
      {
        path: "docs",
        isDir: true,
        size: 0,
        packedSize: 0,
        encrypted: false,
        modifiedAt: Date.UTC(2024, 4, 17, 10, 30, 12),
      },
      {
        path: "docs/a = b.txt",
        isDir: false,
        size: 12,
        packedSize: 10,
        encrypted: true,
        modifiedAt: Date.UTC(2024, 4, 17, 10, 30, 12),
      },
    ]);
  });

  it("parses lsar's JSON", () => {
    const output = JSON.stringify({
      lsarContents: [
        {
          XADFileName: "d",
          XADIsDirectory: 1,
          XADFileSize: 0,
          XADLastModificationDate: "2024-05-17 11:16:00 +0000",
        },
        { XADFileName: "d/f", XADFileSize: 5, XADCompressedSize: 5, XADIsEncrypted: 1 },
      ],
    });
    expect(parseLsarListing(output)).toEqual([
      {
        path: "d",
        isDir: true,
        size: 0,
        packedSize: 0,
        encrypted: false,
        modifiedAt: Date.UTC(2024, 4, 17, 11, 16),
      },
      { path: "d/f", isDir: false, size: 5, packedSize: 5, encrypted: true, modifiedAt: 0 },
    ]);
  });

  it("detects archives by name or type (epub excluded, spec §5) and by magic bytes", () => {
    expect(claimedFormat("a.ZIP", "")).toBe("zip");
    expect(claimedFormat("a", "application/x-7z-compressed")).toBe("7z");
    expect(claimedFormat("a.rar", "application/octet-stream")).toBe("rar");
    expect(claimedFormat("book.epub", "application/epub+zip")).toBeUndefined();
    expect(claimedFormat("a.tar", "application/x-tar")).toBeUndefined();
    expect(sniffFormat(Buffer.from("PK\x03\x04", "latin1"))).toBe("zip");
    expect(sniffFormat(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]))).toBe("7z");
    expect(sniffFormat(Buffer.from("Rar!\x1a\x07\x01\x00", "latin1"))).toBe("rar");
    expect(sniffFormat(Buffer.from("hello"))).toBeUndefined();
  });
});
