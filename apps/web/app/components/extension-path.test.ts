import { describe, expect, it } from "vitest";
import { redirectFromExtensionPath, withoutExtensionPrefix } from "./extension-path.js";

describe("a browser-extension path on a phone (spec §2)", () => {
  it("loses its extension prefix", () => {
    expect(withoutExtensionPrefix("/browser-extension/s/abc")).toBe("/s/abc");
    expect(withoutExtensionPrefix("/browser-extension/drive/all")).toBe("/drive/all");
    expect(withoutExtensionPrefix("/ja/browser-extension/faq")).toBe("/ja/faq");
    expect(withoutExtensionPrefix("/ja/browser-extension/s/abc/")).toBe("/s/abc");
  });

  it("leaves every other path, and the extension's own page, alone", () => {
    expect(withoutExtensionPrefix("/browser-extension")).toBeUndefined();
    expect(withoutExtensionPrefix("/en-US/browser-extension/")).toBeUndefined();
    expect(withoutExtensionPrefix("/browser-extension//evil.example")).toBeUndefined();
    expect(withoutExtensionPrefix("/faq/browser-extension/x")).toBeUndefined();
    expect(withoutExtensionPrefix("/s/abc")).toBeUndefined();
  });
});

describe("redirectFromExtensionPath", () => {
  const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
  const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0.0.0";
  const ask = (path: string, userAgent: string) => {
    try {
      redirectFromExtensionPath(
        new Request(`https://nimbus.test${path}`, { headers: { "user-agent": userAgent } }),
      );
      return undefined;
    } catch (thrown) {
      return thrown instanceof Response ? [thrown.status, thrown.headers.get("location")] : thrown;
    }
  };

  it("sends a phone to the page, keeping the query; a desktop browser is not redirected", () => {
    expect(ask("/browser-extension/s/abc?s_code=x1", PHONE)).toEqual([302, "/s/abc?s_code=x1"]);
    expect(ask("/browser-extension/s/abc", DESKTOP)).toBeUndefined();
    expect(ask("/faq", PHONE)).toBeUndefined();
  });
});
