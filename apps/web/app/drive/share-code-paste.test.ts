import { describe, expect, it } from "vitest";
import { findPastedShare, pastedSharePath } from "./share-code-paste.js";

describe("a pasted share link and passcode (spec §3 autoIdentifyShareCode)", () => {
  const host = "nimbus.test";

  it("finds the link and the code written after it, in any language", () => {
    expect(findPastedShare("My photos\nhttps://nimbus.test/s/AbC123 Passcode: ab12", host)).toEqual({
      shareId: "AbC123",
      passCode: "ab12",
    });
    expect(findPastedShare("https://nimbus.test/s/x9 提取码：Zz99", host)).toEqual({
      shareId: "x9",
      passCode: "Zz99",
    });
    expect(findPastedShare("see https://nimbus.test/ja/s/x9/folder1?s_code=q1w2.", host)).toEqual({
      shareId: "x9",
      passCode: "q1w2",
    });
    expect(findPastedShare("https://nimbus.test/s/x9", host)).toEqual({ shareId: "x9" });
  });

  it("ignores other sites, other paths and plain text", () => {
    expect(findPastedShare("https://evil.example/s/x9 code: abcd", host)).toBeUndefined();
    expect(findPastedShare("https://nimbus.test/drive/all", host)).toBeUndefined();
    expect(findPastedShare("just some words: abcd", host)).toBeUndefined();
  });

  it("opens the share page with the passcode as s_code", () => {
    expect(pastedSharePath({ shareId: "x9", passCode: "a b" })).toBe("/s/x9?s_code=a%20b");
    expect(pastedSharePath({ shareId: "x9" })).toBe("/s/x9");
  });
});
