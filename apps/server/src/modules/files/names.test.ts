import { describe, expect, it } from "vitest";
import { fileExtension, numberedName, validateName } from "./names.js";

describe("file names", () => {
  it("accepts ordinary names and returns them in NFC", () => {
    expect(validateName("Report 2026.pdf")).toBe("Report 2026.pdf");
    expect(validateName("Cafe\u0301")).toBe("Café");
    expect(validateName("日本語のファイル.txt")).toBe("日本語のファイル.txt");
    expect(validateName(".bashrc")).toBe(".bashrc");
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    [".", "reserved"],
    ["..", "reserved"],
    ["a/b", "forbidden character"],
    ["a\\b", "forbidden character"],
    ["a\u0000b", "forbidden character"],
    ["tab\there", "forbidden character"],
    ["invoice\u202efdp.exe", "invisible or direction control character"],
    ["a\u200bb", "invisible or direction control character"],
    ["\ufeffbom.txt", "invisible or direction control character"],
    [" padded ", "leading or trailing space"],
    ["é".repeat(128), "too long"],
  ])("rejects %j (%s)", (name, reason) => {
    expect(() => validateName(name)).toThrowError(
      expect.objectContaining({ error: "file_name_invalid", metadata: { reason } }),
    );
  });

  it("allows exactly 255 UTF-8 bytes", () => {
    expect(validateName("a".repeat(255))).toHaveLength(255);
    expect(() => validateName("a".repeat(256))).toThrow();
  });

  it("numbers names before the extension, folders and dot-files as a whole", () => {
    expect(numberedName("report.pdf", 1, false)).toBe("report (1).pdf");
    expect(numberedName("archive.tar.gz", 2, false)).toBe("archive.tar (2).gz");
    expect(numberedName("v1.2", 1, true)).toBe("v1.2 (1)");
    expect(numberedName(".env", 3, false)).toBe(".env (3)");
    expect(fileExtension("a.b.TXT")).toBe(".TXT");
    expect(fileExtension(".env")).toBe("");
  });
});
