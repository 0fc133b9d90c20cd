import { describe, expect, it } from "vitest";
import { decodeText } from "./text-viewer.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeText", () => {
  it("decodes UTF-8", () => {
    expect(decodeText(utf8("hello, 世界\n"), false)).toBe("hello, 世界\n");
  });

  it("treats bytes with a NUL as binary", () => {
    expect(decodeText(new Uint8Array([0x50, 0x4b, 0x00, 0x01]), false)).toBeUndefined();
  });

  it("drops a character cut in half at the end of a range", () => {
    const bytes = utf8("ab世"); // 世 is three bytes
    expect(decodeText(bytes.subarray(0, 4), true)).toBe("ab");
    expect(decodeText(bytes.subarray(0, 3), true)).toBe("ab");
    expect(decodeText(bytes, true)).toBe("ab世");
    expect(decodeText(utf8("aé"), true)).toBe("aé");
  });
});
