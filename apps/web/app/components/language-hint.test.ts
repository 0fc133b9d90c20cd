import { describe, expect, it } from "vitest";
import { suggestedLocale } from "./language-hint.js";

describe("suggestedLocale (pp_hide_lang_change)", () => {
  it("suggests the browser's first supported language when the page is in another", () => {
    expect(suggestedLocale("en-US", ["ja-JP", "en"], false, false)).toBe("ja");
    expect(suggestedLocale("en-US", ["xx", "zh-HK"], false, false)).toBe("zh-TW");
    expect(suggestedLocale("ja", ["ja-JP", "en"], false, false)).toBeUndefined();
    expect(suggestedLocale("en-US", ["xx"], false, false)).toBeUndefined();
  });

  it("stays quiet once a language was chosen or the hint dismissed", () => {
    expect(suggestedLocale("en-US", ["ja"], true, false)).toBeUndefined();
    expect(suggestedLocale("en-US", ["ja"], false, true)).toBeUndefined();
  });
});
