import { describe, expect, it } from "vitest";
import { pageCacheControl } from "./page-cache.js";

describe("pageCacheControl", () => {
  it("lets the browser keep the public site's pages for Back and Forward", () => {
    for (const path of [
      "/",
      "/en-US",
      "/ja",
      "/zh-TW/faq",
      "/es/help-center",
      "/en-US/policy/privacy-policy",
    ])
      expect(pageCacheControl(path, 200), path).toBe("private, no-cache");
  });

  it("keeps every other page out of every cache", () => {
    for (const path of [
      "/drive/all",
      "/drive/account",
      "/s/abc123",
      "/admin/users",
      "/en-US/unsubscribe",
      "/en-US/auth-success",
      "/en-US/inapp/shop",
      "/auth",
    ])
      expect(pageCacheControl(path, 200), path).toBe("no-store");
  });

  it("keeps error answers of public paths out of caches too", () => {
    expect(pageCacheControl("/en-US/faq", 404)).toBe("no-store");
    expect(pageCacheControl("/en-US/faq", 500)).toBe("no-store");
  });
});
