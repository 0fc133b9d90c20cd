import { describe, expect, it } from "vitest";
import { decideLocale, intoDrive, localizedPath, stripLocale } from "./locale-url.js";

const at = (path: string) => new URL(path, "http://nimbus.test");

describe("locale rules (spec §2)", () => {
  it("defaults to en-US", () => {
    expect(decideLocale(at("/faq"), null)).toEqual({ kind: "render", locale: "en-US" });
  });
  it("takes the path prefix first, then the cookie", () => {
    expect(decideLocale(at("/ja/faq"), "pp_locale=ko")).toEqual({ kind: "render", locale: "ja" });
    expect(decideLocale(at("/faq"), "a=b; pp_locale=ko")).toEqual({ kind: "render", locale: "ko" });
  });
  it("ignores an invalid cookie or query", () => {
    expect(decideLocale(at("/faq?locale=xx"), "pp_locale=zz")).toEqual({ kind: "render", locale: "en-US" });
  });
  it("sets the language from a supported ?locale= and drops the parameter", () => {
    expect(decideLocale(at("/faq?locale=zh-TW&x=1"), null)).toEqual({
      kind: "redirect",
      location: "/faq?x=1",
      setCookie: "zh-TW",
    });
    expect(decideLocale(at("/ja/faq?locale=ko"), null)).toEqual({
      kind: "redirect",
      location: "/ko/faq",
      setCookie: "ko",
    });
    expect(decideLocale(at("/drive/all?locale=ru&action=search"), null)).toEqual({
      kind: "redirect",
      location: "/drive/all?action=search",
      setCookie: "ru",
    });
  });
  it("stores a share path's locale prefix and uses the locale-less path", () => {
    expect(decideLocale(at("/ja/s/abc/def?s_code=1"), null)).toEqual({
      kind: "redirect",
      location: "/s/abc/def?s_code=1",
      setCookie: "ja",
    });
  });
  it("maps paths between locales", () => {
    expect(stripLocale("/ja/faq")).toBe("/faq");
    expect(stripLocale("/ja")).toBe("/");
    expect(stripLocale("/jazz")).toBe("/jazz");
    expect(localizedPath("ko", "/ja/faq")).toBe("/ko/faq");
    expect(localizedPath("en-US", "/")).toBe("/en-US");
  });
});

describe("intoDrive", () => {
  it("asks for the page's language on the way into the drive (issue 33: /ja opened an English drive)", () => {
    expect(intoDrive("/drive/all", "/ja")).toBe("/drive/all?locale=ja");
    expect(intoDrive("/drive/login", "/zh-TW/faq")).toBe("/drive/login?locale=zh-TW");
    expect(intoDrive("/drive/all?x=1", "/ko/")).toBe("/drive/all?x=1&locale=ko");
    expect(intoDrive("/drive/all", "/")).toBe("/drive/all");
    expect(intoDrive("/drive/all", "/faq")).toBe("/drive/all");
  });
});
