import { describe, expect, it } from "vitest";
import { isSvg, previewKind } from "./preview-kind.js";

const file = (name: string, mime_type = "") => ({ name, mime_type });

describe("previewKind", () => {
  it.each([
    ["photo.JPG", "image/jpeg", "image"],
    ["drawing.svg", "image/svg+xml", "image"],
    ["movie.mkv", "video/x-matroska", "video"],
    ["clip.mp4", "", "video"],
    ["song.flac", "audio/flac", "audio"],
    ["paper.pdf", "application/pdf", "pdf"],
    ["notes.txt", "text/plain", "text"],
    ["main.rs", "application/octet-stream", "text"],
    ["data.json", "application/json", "text"],
    ["Dockerfile", "", "text"],
    ["backup.zip", "application/zip", "archive"],
    ["set.7z", "", "archive"],
    ["book.epub", "application/epub+zip", "none"],
    ["program.exe", "application/octet-stream", "none"],
  ])("%s (%s) → %s", (name, mime, kind) => {
    expect(previewKind(file(name, mime))).toBe(kind);
  });

  it("never previews a folder", () => {
    expect(previewKind({ name: "photos.jpg", mime_type: "", kind: "drive#folder" })).toBe("none");
  });

  it("recognises SVG by name or type", () => {
    expect(isSvg(file("a.svg"))).toBe(true);
    expect(isSvg(file("a", "image/svg+xml"))).toBe(true);
    expect(isSvg(file("a.png", "image/png"))).toBe(false);
  });
});
