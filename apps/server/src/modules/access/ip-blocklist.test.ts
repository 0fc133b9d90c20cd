import { describe, expect, it } from "vitest";
import { isIpOrRange } from "../../config/ip-ranges.js";
import { IpBlocklist } from "./ip-blocklist.js";

describe("IpBlocklist", () => {
  const list = new IpBlocklist(["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"]);

  it("matches single addresses, IPv4 and IPv6 ranges, and IPv4-mapped IPv6", () => {
    expect(list.has("203.0.113.7")).toBe(true);
    expect(list.has("198.51.100.200")).toBe(true);
    expect(list.has("::ffff:198.51.100.1")).toBe(true);
    expect(list.has("2001:db8:1::5")).toBe(true);
  });

  it("lets everything else through", () => {
    expect(list.has("203.0.113.8")).toBe(false);
    expect(list.has("2001:db9::1")).toBe(false);
    expect(list.has(undefined)).toBe(false);
    expect(list.has("not an ip")).toBe(false);
    expect(new IpBlocklist([]).has("203.0.113.7")).toBe(false);
  });

  it("validates entries", () => {
    for (const ok of ["10.0.0.1", "10.0.0.0/8", "::1", "fe80::/10"]) expect(isIpOrRange(ok), ok).toBe(true);
    for (const bad of ["10.0.0.0/33", "10.0.0.1/x", "host", "1.2.3.4/8/9", "::/129"])
      expect(isIpOrRange(bad), bad).toBe(false);
  });
});
