import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, LOCALES, matchLocale, negotiateLocale } from "./locales.js";

describe("locales", () => {
  it("supports exactly the 11 locales of the spec, en-US first and default", () => {
    expect(LOCALES).toEqual(["en-US", "es", "id", "ja", "ko", "ms", "pt", "ru", "uk", "zh-CN", "zh-TW"]);
    expect(DEFAULT_LOCALE).toBe("en-US");
    expect(isLocale("ja")).toBe(true);
    expect(isLocale("xx")).toBe(false);
    expect(isLocale("EN-us")).toBe(false);
  });

  it.each([
    ["en", "en-US"],
    ["en-GB", "en-US"],
    ["zh", "zh-CN"],
    ["zh-Hans-CN", "zh-CN"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["pt-BR", "pt"],
    ["es-419", "es"],
    ["in", "id"],
    ["de", undefined],
  ])("matches %s to %s", (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });

  it.each([
    [undefined, "en-US"],
    ["", "en-US"],
    ["*", "en-US"],
    ["de-DE,de;q=0.9", "en-US"],
    ["de;q=1, ko;q=0.8, ja;q=0.9", "ja"],
    ["fr, ru;q=0.1", "ru"],
    ["ms;q=0, id;q=0.5", "id"],
    ["uk;q=abc, es", "es"],
  ])("negotiates %s → %s", (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
