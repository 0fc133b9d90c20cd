import { describe, expect, it } from "vitest";
import { blockPageView, isAccessBlocked, isGatedPath } from "./access.js";

describe("visit access", () => {
  it("is blocked only by the region check's verdict cookie", () => {
    expect(isAccessBlocked("a=1; pp_ip_block=blocked")).toBe(true);
    expect(isAccessBlocked("pp_ip_block=ok")).toBe(false);
    expect(isAccessBlocked(null)).toBe(false);
  });

  it("gates pages but keeps policies, help and contact open", () => {
    expect(isGatedPath("/s/abc")).toBe(true);
    expect(isGatedPath("/drive/all")).toBe(true);
    expect(isGatedPath("/ja")).toBe(true);
    expect(isGatedPath("/ja/policy/privacy-policy")).toBe(false);
    expect(isGatedPath("/help-center/getting-started")).toBe(false);
    expect(isGatedPath("/ko/contact-us")).toBe(false);
  });

  it("tracks the address, the path without its locale and the share id", () => {
    expect(blockPageView(new URL("https://nimbus.test/s/abc/def?x=1"))).toEqual({
      address: "https://nimbus.test/s/abc/def?x=1",
      path: "/s/abc/def",
      share_id: "abc",
    });
    expect(blockPageView(new URL("https://nimbus.test/ja/tv"))).toEqual({
      address: "https://nimbus.test/ja/tv",
      path: "/tv",
      share_id: "",
    });
  });
});
