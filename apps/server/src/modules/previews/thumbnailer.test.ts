import { describe, expect, it } from "vitest";
import { snippetSvg, textSnippet } from "./thumbnailer.js";

describe("text thumbnails", () => {
  it("keeps the first lines, cut to width, tabs as spaces, control characters dropped", () => {
    const lines = textSnippet(Buffer.from(`a\tb\r\n${"x".repeat(100)}\n\u0007bell\n${"l\n".repeat(30)}`));
    expect(lines[0]).toBe("a  b");
    expect(lines[1]).toHaveLength(44);
    expect(lines[2]).toBe("bell");
    expect(lines).toHaveLength(14);
  });

  it("escapes markup, so a file's text can never become SVG", () => {
    const svg = snippetSvg(['<script>alert("x")</script> & more']);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
    expect(svg).toContain("&#38; more");
  });
});
