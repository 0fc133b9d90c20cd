import { describe, expect, it } from "vitest";
import { nameParts } from "./name-parts.js";

describe("names truncated in the middle", () => {
  it("keeps the extension apart so it stays visible", () => {
    expect(nameParts("very-long-name-of-a-report.pdf", false)).toEqual({
      head: "very-long-name-of-a-report",
      tail: ".pdf",
    });
    expect(nameParts("archive.tar.gz", false)).toEqual({ head: "archive.tar", tail: ".gz" });
  });

  it("leaves folders, dot files, trailing dots and odd extensions whole", () => {
    expect(nameParts("photos.2024", true)).toEqual({ head: "photos.2024", tail: "" });
    expect(nameParts(".bashrc", false)).toEqual({ head: ".bashrc", tail: "" });
    expect(nameParts("draft.", false)).toEqual({ head: "draft.", tail: "" });
    expect(nameParts("notes", false)).toEqual({ head: "notes", tail: "" });
    expect(nameParts("a.this-is-not-an-extension", false)).toEqual({
      head: "a.this-is-not-an-extension",
      tail: "",
    });
  });
});
