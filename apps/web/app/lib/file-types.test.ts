import { describe, expect, it } from "vitest";
import {
  fileCategory,
  fileExtension,
  isArchive,
  isAudio,
  isImage,
  isTorrent,
  isUnsupportedAudioCodec,
  isVideo,
} from "./file-types.js";

describe("fileExtension", () => {
  it("is the lower-case text after the last dot", () => {
    expect(fileExtension("a.tar.GZ")).toBe("gz");
    expect(fileExtension("Movie.MKV")).toBe("mkv");
    expect(fileExtension("README")).toBe("");
    expect(fileExtension(".zip")).toBe("");
    expect(fileExtension("name.")).toBe("");
    expect(fileExtension(undefined)).toBe("");
  });
});

describe("isArchive (spec §5)", () => {
  it.each(["a.7z", "b.zip", "c.rar", "D.ZIP"])("detects %s by extension", (name) => {
    expect(isArchive({ name })).toBe(true);
  });

  it.each([
    "application/zip",
    "application/x-zip-compressed",
    "application/vnd.rar",
    "application/x-rar-compressed",
    "application/x-7z-compressed",
    "Application/Zip; charset=binary",
  ])("detects mime type %s", (mime_type) => {
    expect(isArchive({ name: "download", mime_type })).toBe(true);
  });

  it("never takes an epub, though its mime type contains zip", () => {
    expect(isArchive({ name: "book.epub", mime_type: "application/epub+zip" })).toBe(false);
    expect(isArchive({ name: "book", mime_type: "application/epub+zip" })).toBe(false);
    expect(isArchive({ name: "book.epub", mime_type: "application/zip" })).toBe(false);
  });

  it("does not take other compressed formats or documents", () => {
    expect(isArchive({ name: "a.tar.gz", mime_type: "application/gzip" })).toBe(false);
    expect(isArchive({ name: "a.docx" })).toBe(false);
    expect(isArchive({})).toBe(false);
  });
});

describe("media and torrent checks (spec §5)", () => {
  it("detects images, videos and audio by extension or mime type", () => {
    expect(isImage({ name: "p.JPG" })).toBe(true);
    expect(isImage({ name: "p", mime_type: "image/heic" })).toBe(true);
    expect(isVideo({ name: "m.mkv" })).toBe(true);
    expect(isVideo({ name: "m", mime_type: "video/mp4" })).toBe(true);
    expect(isAudio({ name: "s.flac" })).toBe(true);
    expect(isAudio({ name: "s", mime_type: "audio/mpeg" })).toBe(true);
    expect(isImage({ name: "m.mp4" })).toBe(false);
    expect(isVideo({ name: "s.mp3" })).toBe(false);
    expect(isAudio({ name: "p.png" })).toBe(false);
  });

  it("detects torrents by .torrent or a bittorrent mime type", () => {
    expect(isTorrent({ name: "ubuntu.torrent" })).toBe(true);
    expect(isTorrent({ name: "x", mime_type: "application/x-bittorrent" })).toBe(true);
    expect(isTorrent({ name: "x.txt", mime_type: "text/plain" })).toBe(false);
  });

  it("gives one category per file", () => {
    expect(fileCategory({ name: "a.zip" })).toBe("archive");
    expect(fileCategory({ name: "a.png" })).toBe("image");
    expect(fileCategory({ name: "a.mp4" })).toBe("video");
    expect(fileCategory({ name: "a.mp3" })).toBe("audio");
    expect(fileCategory({ name: "a.torrent" })).toBe("torrent");
    expect(fileCategory({ name: "a.epub", mime_type: "application/epub+zip" })).toBe("other");
  });
});

describe("isUnsupportedAudioCodec (spec §5)", () => {
  it("flags eac3 in any case and its other spellings", () => {
    expect(isUnsupportedAudioCodec("eac3")).toBe(true);
    expect(isUnsupportedAudioCodec("EAC3")).toBe(true);
    expect(isUnsupportedAudioCodec("ec-3")).toBe(true);
    expect(isUnsupportedAudioCodec("E-AC-3")).toBe(true);
  });

  it("does not flag playable codecs or non-strings", () => {
    expect(isUnsupportedAudioCodec("aac")).toBe(false);
    expect(isUnsupportedAudioCodec("ac3")).toBe(false);
    expect(isUnsupportedAudioCodec("opus")).toBe(false);
    expect(isUnsupportedAudioCodec(undefined)).toBe(false);
  });
});
