import { describe, expect, it } from "vitest";
import { illFormedText } from "./well-formed-text.js";

describe("illFormedText", () => {
  it("finds a lone surrogate in a value or a key, and names where", () => {
    expect(illFormedText({ name: "\ud800Q1" })).toBe("name");
    expect(illFormedText({ url: { files: ["a", "b\udc00"] } })).toBe("url.files[1]");
    expect(illFormedText({ ["k\ud83d"]: 1 })).toBe("k\ud83d");
    expect(illFormedText("\udfff")).toBe("body");
  });

  it("lets well-formed text through, pairs and astral characters included", () => {
    expect(illFormedText({ name: "été 🌞 \ud83d\ude00", n: 3, ok: true, none: null })).toBeUndefined();
    expect(illFormedText([])).toBeUndefined();
  });
});
