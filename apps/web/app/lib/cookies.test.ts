import { describe, expect, it } from "vitest";
import {
  ACCESS_OK_COOKIE_OPTIONS,
  DEFAULT_COOKIE_OPTIONS,
  documentCookieJar,
  freeDaysCookieOptions,
  LOCALE_COOKIE,
  LOCALE_COOKIE_OPTIONS,
  memoryCookieJar,
  parseCookies,
  readCookieValue,
  serializeCookie,
  USER_ID_COOKIE_OPTIONS,
  withCookieDefaults,
} from "./cookies.js";
import {
  clearPasscodeToken,
  PASSCODE_COOKIES_KEPT,
  PASSCODE_TOKEN_COOKIE_OPTIONS,
  passcodeTokenCookieName,
  readPasscodeToken,
  setPasscodeToken,
  sharePasscodeCodeCookieName,
  staleCookiesToClear,
} from "./passcode-cookies.js";

const DAY = 24 * 60 * 60;

describe("cookie lifetimes and defaults (spec §9)", () => {
  it("defaults to sameSite strict and secure", () => {
    expect(DEFAULT_COOKIE_OPTIONS).toEqual({ path: "/", sameSite: "strict", secure: true });
    expect(withCookieDefaults({ maxAge: 5 })).toEqual({
      path: "/",
      sameSite: "strict",
      secure: true,
      maxAge: 5,
    });
  });

  it("keeps the user id 365 days, secure, lax", () => {
    expect(USER_ID_COOKIE_OPTIONS).toMatchObject({ maxAge: 365 * DAY, secure: true, sameSite: "lax" });
  });

  it("keeps the locale 365 days", () => {
    expect(LOCALE_COOKIE).toBe("pp_locale");
    expect(LOCALE_COOKIE_OPTIONS).toMatchObject({ maxAge: 365 * DAY, secure: true });
  });

  it("keeps free days 1440 minutes per free day", () => {
    expect(freeDaysCookieOptions(1).maxAge).toBe(1440 * 60);
    expect(freeDaysCookieOptions(7).maxAge).toBe(7 * 1440 * 60);
    expect(freeDaysCookieOptions(-2).maxAge).toBe(0);
    expect(freeDaysCookieOptions(3)).toMatchObject({ sameSite: "strict", secure: true });
  });

  it("keeps the access-ok cookie 600 s", () => {
    expect(ACCESS_OK_COOKIE_OPTIONS).toMatchObject({ maxAge: 600, sameSite: "strict", secure: true });
  });

  it("keeps a passcode token 720 * 60 s, lax, secure", () => {
    expect(PASSCODE_TOKEN_COOKIE_OPTIONS).toMatchObject({ maxAge: 43_200, sameSite: "lax", secure: true });
  });
});

describe("serialize and parse", () => {
  it("writes every attribute", () => {
    expect(
      serializeCookie("a b", "x=y;z", {
        maxAge: 600.7,
        path: "/",
        domain: "nimbus.test",
        sameSite: "lax",
        secure: true,
      }),
    ).toBe("a b=x%3Dy%3Bz; Max-Age=600; Domain=nimbus.test; Path=/; SameSite=Lax; Secure");
    expect(serializeCookie("n", "v")).toBe("n=v");
    expect(serializeCookie("n", "v", { sameSite: "none", secure: false })).toBe("n=v; SameSite=None");
  });

  it("reads a cookie header in order, decoding values", () => {
    expect(parseCookies("a=1; b=x%3Dy; c=%E0%A4%A; =bad; d")).toEqual([
      { name: "a", value: "1" },
      { name: "b", value: "x=y" },
      { name: "c", value: "%E0%A4%A" },
    ]);
    expect(parseCookies(null)).toEqual([]);
    expect(readCookieValue("a=1; token=a=b", "token")).toBe("a=b");
    expect(readCookieValue("a=1", "b")).toBeUndefined();
  });
});

describe("passcode cookies (spec §4, §9)", () => {
  const token = passcodeTokenCookieName;
  const code = sharePasscodeCodeCookieName;

  it("names the cookie from the prefix and the share id", () => {
    expect(token("abc")).toBe("pp_share_passcode_token_abc");
    expect(code("abc")).toBe("pp_share_pwd_code_abc");
  });

  it("clears all but the last 3 passcode cookies, counting both prefixes together", () => {
    expect(PASSCODE_COOKIES_KEPT).toBe(3);
    const names = ["pp_locale", token("1"), code("1"), "other", token("2"), token("3"), code("3")];
    expect(staleCookiesToClear(names)).toEqual([token("1"), code("1")]);
    expect(staleCookiesToClear([token("1"), token("2"), token("3")])).toEqual([]);
    expect(staleCookiesToClear(["pp_locale"])).toEqual([]);
  });

  it("treats kept names as the newest", () => {
    const names = [token("1"), token("2"), token("3"), token("4")];
    expect(staleCookiesToClear(names, [token("1")])).toEqual([token("2")]);
  });

  it("stores a token and clears stale passcode cookies", () => {
    const jar = memoryCookieJar({
      [token("1")]: "t1",
      [token("2")]: "t2",
      [code("2")]: "c2",
      pp_locale: "ja",
    });
    setPasscodeToken(jar, "3", "t3");
    expect(jar.names()).toEqual([token("2"), code("2"), "pp_locale", token("3")]);
    expect(jar.options.get(token("3"))).toMatchObject(PASSCODE_TOKEN_COOKIE_OPTIONS);
  });

  it("keeps a re-set token even when its cookie is the oldest", () => {
    const jar = memoryCookieJar({
      [token("1")]: "old",
      [token("2")]: "t2",
      [token("3")]: "t3",
      [token("4")]: "t4",
    });
    setPasscodeToken(jar, "1", "new");
    expect(jar.get(token("1"))).toBe("new");
    expect(jar.names()).toEqual([token("1"), token("3"), token("4")]);
  });

  it("reads a token, clearing stale ones, and clearing removes the cookie", () => {
    const jar = memoryCookieJar({
      [token("1")]: "t1",
      [token("2")]: "t2",
      [token("3")]: "t3",
      [token("4")]: "t4",
    });
    expect(readPasscodeToken(jar, "4")).toBe("t4");
    expect(jar.names()).toEqual([token("2"), token("3"), token("4")]);
    clearPasscodeToken(jar, "4");
    expect(readPasscodeToken(jar, "4")).toBeUndefined();
    expect(jar.names()).toEqual([token("2"), token("3")]);
  });
});

describe("documentCookieJar", () => {
  /** A document whose cookie property behaves like a browser's for name, value and Max-Age=0. */
  function fakeDocument() {
    const store = new Map<string, string>();
    const writes: string[] = [];
    return {
      writes,
      get cookie() {
        return [...store].map(([name, value]) => `${name}=${value}`).join("; ");
      },
      set cookie(line: string) {
        writes.push(line);
        const [pair = "", ...attributes] = line.split("; ");
        const [name = "", value = ""] = pair.split("=");
        if (attributes.includes("Max-Age=0")) store.delete(name);
        else store.set(name, value);
      },
    };
  }

  it("writes with the default options, reads, lists and removes", () => {
    const document = fakeDocument();
    const jar = documentCookieJar(document);
    jar.set("pp_user_id", "u 1", USER_ID_COOKIE_OPTIONS);
    jar.set("plain", "v");
    expect(document.writes).toEqual([
      `pp_user_id=u%201; Max-Age=${365 * DAY}; Path=/; SameSite=Lax; Secure`,
      "plain=v; Path=/; SameSite=Strict; Secure",
    ]);
    expect(jar.get("pp_user_id")).toBe("u 1");
    expect(jar.names()).toEqual(["pp_user_id", "plain"]);
    jar.remove("plain");
    expect(document.writes.at(-1)).toBe("plain=; Max-Age=0; Path=/; SameSite=Strict; Secure");
    expect(jar.names()).toEqual(["pp_user_id"]);
  });
});
